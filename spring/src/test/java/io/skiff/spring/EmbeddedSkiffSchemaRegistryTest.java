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
package io.skiff.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.skiff.broker.SkiffServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Configuration;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;

/** {@code @EmbeddedSkiff(schemaRegistry = true)} hands the registry's URL to Spring Kafka's serializer settings. */
@SpringJUnitConfig(EmbeddedSkiffSchemaRegistryTest.Config.class)
@EmbeddedSkiff(schemaRegistry = true)
class EmbeddedSkiffSchemaRegistryTest {
    @Configuration
    static class Config {}

    @Autowired
    SkiffServer server;

    @Value("${spring.kafka.properties.schema.registry.url}")
    String springUrl;

    @Value("${skiff.schema.registry.url}")
    String skiffUrl;

    @Test
    void theRegistryUrlIsInTheEnvironment() throws Exception {
        assertEquals(server.extensionUrl("schema-registry").orElseThrow(), springUrl);
        assertEquals(springUrl, skiffUrl);
        HttpResponse<String> config = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(springUrl + "/config"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertEquals("{\"compatibilityLevel\":\"BACKWARD\"}", config.body());
    }
}
