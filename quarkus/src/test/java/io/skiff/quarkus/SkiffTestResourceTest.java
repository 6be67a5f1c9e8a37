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
package io.skiff.quarkus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager.TestInjector;
import io.skiff.broker.SkiffServer;
import io.skiff.testkit.SkiffKit;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** Drives the resource as Quarkus's test framework does: init, start, inject, stop. */
class SkiffTestResourceTest {
    static class TestClass {
        @InjectSkiff
        SkiffServer server;

        @InjectSkiff
        SkiffKit kit;

        SkiffServer notAnnotated;
    }

    @Test
    void startsTheBrokerWithTopicsAndConfigAndGivesTheApplicationItsAddress() throws Exception {
        SkiffTestResource resource = new SkiffTestResource();
        resource.init(Map.of("topics", "orders:3, audit", "broker.auto.create.topics.enable", "false"));
        Map<String, String> config = resource.start();
        TestClass test = new TestClass();
        resource.inject(injectorFor(test));
        SkiffServer server = test.server;
        try {
            assertEquals(server.bootstrapServers(), config.get("kafka.bootstrap.servers"));
            assertEquals(server.bootstrapServers(), config.get("skiff.bootstrap.servers"));
            assertEquals(Set.of("orders", "audit"), server.topicNames());
            assertEquals("false", server.config().originals().get("auto.create.topics.enable"));
            assertEquals(3, test.kit.endOffsets("orders").size());
            assertEquals(null, test.notAnnotated);
        } finally {
            resource.stop();
        }
        assertFalse(Files.exists(server.dataDir()), "closed, its directory deleted");
    }

    @Test
    void aSchemaRegistryIsStartedAndItsUrlGivenToTheApplication() {
        SkiffTestResource resource = new SkiffTestResource();
        resource.init(Map.of("schemaRegistry", "true"));
        Map<String, String> config = resource.start();
        TestClass test = new TestClass();
        resource.inject(injectorFor(test));
        try {
            String url = test.server.extensionUrl("schema-registry").orElseThrow();
            assertEquals(url, config.get("mp.messaging.connector.smallrye-kafka.schema.registry.url"));
            assertEquals(url, config.get("skiff.schema.registry.url"));
        } finally {
            resource.stop();
        }
    }

    @Test
    void unknownArgumentsAndBadTopicsAreErrors() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> new SkiffTestResource().init(Map.of("topic", "x")));
        assertTrue(e.getMessage().contains("'topic'"), e.getMessage());
        e = assertThrows(
                IllegalArgumentException.class, () -> new SkiffTestResource().init(Map.of("topics", "x:three")));
        assertTrue(e.getMessage().contains("x:three"), e.getMessage());
    }

    /** What Quarkus's injector does: sets the matching fields of the test instance. */
    private static TestInjector injectorFor(Object instance) {
        return new TestInjector() {
            @Override
            public void injectIntoFields(Object value, Predicate<Field> predicate) {
                for (Field f : instance.getClass().getDeclaredFields()) {
                    if (predicate.test(f)) {
                        try {
                            f.setAccessible(true);
                            f.set(instance, value);
                        } catch (IllegalAccessException e) {
                            throw new AssertionError(e);
                        }
                    }
                }
            }
        };
    }
}
