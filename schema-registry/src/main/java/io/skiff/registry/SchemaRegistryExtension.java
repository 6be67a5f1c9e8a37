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
package io.skiff.registry;

import io.skiff.broker.extension.BrokerExtension;
import io.skiff.broker.handler.BrokerContext;
import io.skiff.config.BrokerConfig;
import io.skiff.config.BrokerConfigKeys;
import io.skiff.config.ControlListener;
import java.io.IOException;

/**
 * The schema registry as a broker extension: on when {@code schema.registry.listener} is set. The check loads
 * nothing; the registry's classes, threads and listener exist only once it starts.
 */
public final class SchemaRegistryExtension implements BrokerExtension {
    /** The name {@code SkiffServer.extensionUrl} knows the registry by. */
    public static final String NAME = "schema-registry";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean enabledBy(BrokerConfig config) {
        return config.hasText(BrokerConfigKeys.SCHEMA_REGISTRY_LISTENER);
    }

    @Override
    public Running start(BrokerContext broker) throws IOException {
        ControlListener listener =
                ControlListener.parseHttpOrHttps(broker.config().get(BrokerConfigKeys.SCHEMA_REGISTRY_LISTENER));
        return SchemaRegistry.start(broker, listener);
    }
}
