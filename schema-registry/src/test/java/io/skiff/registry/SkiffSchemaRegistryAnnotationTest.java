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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.SchemaRegistryUrl;
import io.skiff.testkit.Skiff;
import org.junit.jupiter.api.Test;

/** {@code @Skiff(schemaRegistry = true)} starts the registry and hands its URL over as bootstrap servers are. */
@Skiff(schemaRegistry = true)
class SkiffSchemaRegistryAnnotationTest {
    @SchemaRegistryUrl
    String registryUrl;

    @Test
    void theUrlIsInjectedAndServesTheRegistry(SkiffServer server, @SchemaRegistryUrl String parameter) {
        assertEquals(server.extensionUrl("schema-registry").orElseThrow(), registryUrl);
        assertEquals(registryUrl, parameter);
        assertTrue(registryUrl.startsWith("http://127.0.0.1:"), registryUrl);
        assertEquals(
                "{\"compatibilityLevel\":\"BACKWARD\"}",
                new RegistryClient(registryUrl).get("/config").toString());
    }
}
