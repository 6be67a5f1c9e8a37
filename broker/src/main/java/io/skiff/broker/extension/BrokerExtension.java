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
import java.util.Optional;

/**
 * A part of Skiff that lives in a module of its own on top of the broker (the schema registry, the console) and
 * starts with it when its configuration asks for it. Found with {@link java.util.ServiceLoader}, so the broker does
 * not depend on it and a classpath without it costs nothing but the lookup.
 */
public interface BrokerExtension {

    /** A short name for logs, the ready line and {@code SkiffServer.extensionUrl}, e.g. {@code schema-registry}. */
    String name();

    /** Whether this configuration asks for the extension (typically: its listener key is set). Cheap, loads nothing. */
    boolean enabledBy(BrokerConfig config);

    /** Starts the extension over a broker that accepts connections; a failure stops the broker's start. */
    Running start(BrokerContext broker) throws IOException;

    /** A started extension. */
    interface Running extends AutoCloseable {

        /** Where it listens, e.g. {@code http://127.0.0.1:8081}, if it has a listener. */
        Optional<String> url();

        /** Forgets what it holds, for {@code SkiffServer.reset()} between tests. */
        default void reset() {}

        /** Stops it; called before the broker closes its logs. */
        @Override
        void close();
    }
}
