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

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.SchemaRegistryUrl;
import io.skiff.testkit.Skiff;
import org.junit.jupiter.api.BeforeEach;

/**
 * What the registry's API tests share: a broker with a schema registry per test class, emptied before each test, and
 * a client for it.
 */
@Skiff(schemaRegistry = true)
abstract class RegistryOnBroker {
    /** Filled in by {@code @Skiff}. */
    SkiffServer broker;

    /** Filled in by {@code @Skiff}. */
    @SchemaRegistryUrl
    String url;

    RegistryClient registry;

    @BeforeEach
    void emptyTheRegistry() {
        broker.reset();
        registry = new RegistryClient(url);
    }
}
