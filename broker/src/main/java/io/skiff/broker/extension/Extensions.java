/*
 * Copyright 2026 The Skiff authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.skiff.broker.extension;

import io.skiff.broker.handler.BrokerContext;
import io.skiff.config.BrokerConfig;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The extensions a broker started, in start order; closed in reverse. */
public final class Extensions implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Extensions.class);

    private final Map<String, BrokerExtension.Running> running;

    private Extensions(Map<String, BrokerExtension.Running> running) {
        this.running = running;
    }

    /** Nothing started: for brokers whose configuration asks for no extension. */
    public static Extensions none() {
        return new Extensions(new LinkedHashMap<>());
    }

    /**
     * Starts every extension on the classpath that the configuration enables. If one fails, those already started
     * are closed and the failure is thrown.
     */
    public static Extensions start(BrokerConfig config, BrokerContext broker) throws IOException {
        Extensions started = none();
        try {
            for (BrokerExtension extension :
                    ServiceLoader.load(BrokerExtension.class, Extensions.class.getClassLoader())) {
                if (extension.enabledBy(config)) {
                    started.running.put(extension.name(), extension.start(broker));
                    LOG.debug("Started {}", extension.name());
                }
            }
            return started;
        } catch (IOException | RuntimeException | Error e) {
            started.close();
            throw e;
        }
    }

    /** The listener of a started extension, by {@link BrokerExtension#name()}. */
    public Optional<String> url(String name) {
        BrokerExtension.Running extension = running.get(name);
        return extension == null ? Optional.empty() : extension.url();
    }

    /** Every started extension's name and listener, in start order. */
    public Map<String, String> urls() {
        Map<String, String> urls = new LinkedHashMap<>();
        running.forEach((name, extension) -> extension.url().ifPresent(url -> urls.put(name, url)));
        return urls;
    }

    public void reset() {
        running.values().forEach(BrokerExtension.Running::reset);
    }

    @Override
    public void close() {
        List<BrokerExtension.Running> reversed = new ArrayList<>(running.values());
        java.util.Collections.reverse(reversed);
        for (BrokerExtension.Running extension : reversed) {
            try {
                extension.close();
            } catch (RuntimeException e) {
                LOG.warn("An extension failed to close", e);
            }
        }
        running.clear();
    }
}
