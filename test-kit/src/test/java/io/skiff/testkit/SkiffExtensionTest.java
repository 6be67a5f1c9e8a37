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
package io.skiff.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.skiff.broker.SkiffServer;
import io.skiff.testsupport.LocalPorts;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.EventConditions;
import org.junit.platform.testkit.engine.Events;
import org.junit.platform.testkit.engine.TestExecutionResultConditions;

/**
 * Runs small test classes (the static nested fixtures, which Surefire does not pick up by itself) through JUnit's
 * engine and checks the brokers they saw: started, injected, configured, shared or not, and closed when they should.
 */
class SkiffExtensionTest {
    /** Servers the fixtures saw, in order; cleared before each run. */
    static final List<SkiffServer> SEEN = new CopyOnWriteArrayList<>();

    private static Events run(Class<?> fixture) {
        SEEN.clear();
        return EngineTestKit.engine("junit-jupiter")
                .selectors(selectClass(fixture))
                .execute()
                .testEvents();
    }

    private static void assertAllPassed(Events events, long count) {
        List<String> failures = events.failed().stream()
                .map(e -> e.getTestDescriptor().getDisplayName() + ": "
                        + e.getPayload(org.junit.platform.engine.TestExecutionResult.class)
                                .flatMap(org.junit.platform.engine.TestExecutionResult::getThrowable)
                                .map(Throwable::toString)
                                .orElse("?"))
                .toList();
        assertEquals(List.of(), failures);
        events.assertStatistics(stats -> stats.started(count).succeeded(count));
    }

    private static boolean accepts(SkiffServer server) {
        return LocalPorts.accepts(server.port());
    }

    @Test
    void annotationStartsOneBrokerPerClassWithTopicsPropertiesAndInjectionThenClosesIt() {
        String propertyBefore = System.getProperty(SkiffExtension.BOOTSTRAP_SERVERS_PROPERTY);
        assertAllPassed(run(PerClassFixture.class), 2);
        assertEquals(2, SEEN.size());
        assertSame(SEEN.get(0), SEEN.get(1), "both tests of the class use one broker");
        assertFalse(accepts(SEEN.get(0)), "closed after the class");
        assertFalse(Files.exists(SEEN.get(0).dataDir()), "its temporary directory is deleted");
        assertEquals(
                propertyBefore,
                System.getProperty(SkiffExtension.BOOTSTRAP_SERVERS_PROPERTY),
                "the system property is given back");
    }

    @Test
    void perMethodLifecycleStartsABrokerForEachTest() {
        assertAllPassed(run(PerMethodFixture.class), 2);
        assertEquals(2, SEEN.size());
        assertNotSame(SEEN.get(0), SEEN.get(1));
        assertFalse(accepts(SEEN.get(0)));
        assertFalse(accepts(SEEN.get(1)));
    }

    @Test
    void sharedLifecycleKeepsOneBrokerAcrossClassesUntilTheJvmExits() {
        assertAllPassed(run(SharedFixture.class), 1);
        SkiffServer first = SEEN.get(0);
        assertAllPassed(run(OtherSharedFixture.class), 1);
        assertSame(first, SEEN.get(0), "a second class with the same configuration gets the same broker");
        assertTrue(accepts(first), "still running after both classes");
        assertEquals(first.bootstrapServers(), System.getProperty(SkiffExtension.BOOTSTRAP_SERVERS_PROPERTY));
        assertAllPassed(run(PerMethodFixture.class), 2);
        assertEquals(
                first.bootstrapServers(),
                System.getProperty(SkiffExtension.BOOTSTRAP_SERVERS_PROPERTY),
                "a broker that closes gives the property back to the shared one it replaced");
    }

    @Test
    void registeredOnAStaticFieldTheBuilderConfiguresAPerClassBroker() {
        assertAllPassed(run(StaticRegistrationFixture.class), 2);
        assertSame(SEEN.get(0), SEEN.get(1));
        assertFalse(accepts(SEEN.get(0)));
    }

    @Test
    void registeredOnAnInstanceFieldTheBrokerIsPerMethod() {
        assertAllPassed(run(InstanceRegistrationFixture.class), 2);
        assertNotSame(SEEN.get(0), SEEN.get(1));
        assertFalse(accepts(SEEN.get(1)));
    }

    @Test
    void nestedClassesUseTheEnclosingClassesBroker() {
        assertAllPassed(run(NestingFixture.class), 2);
        assertSame(SEEN.get(0), SEEN.get(1));
        assertFalse(accepts(SEEN.get(0)));
    }

    @Test
    void aPerMethodBrokerCannotBeInjectedIntoBeforeAllAndSaysWhy() {
        Events events = EngineTestKit.engine("junit-jupiter")
                .selectors(selectClass(BeforeAllWithPerMethodFixture.class))
                .execute()
                .containerEvents();
        events.assertThatEvents()
                .haveExactly(
                        1,
                        EventConditions.finishedWithFailure(
                                TestExecutionResultConditions.message(m -> m.contains("per-method broker"))));
    }

    @Test
    void aMalformedPropertyIsAnErrorNamingIt() {
        Events events = EngineTestKit.engine("junit-jupiter")
                .selectors(selectClass(MalformedPropertyFixture.class))
                .execute()
                .containerEvents();
        events.assertThatEvents()
                .haveExactly(
                        1,
                        EventConditions.finishedWithFailure(
                                TestExecutionResultConditions.message(m -> m.contains("'num.partitions'"))));
    }

    // ------------------------------------------------------------------ fixtures

    @Skiff(
            topics = {
                @SkiffTopic(name = "orders", partitions = 3, config = "cleanup.policy=compact"),
                @SkiffTopic(name = "audit")
            },
            properties = "num.partitions=2")
    static class PerClassFixture {
        static SkiffServer staticServer;
        SkiffServer server;
        SkiffKit kit;

        @BootstrapServers
        String bootstrap;

        @Test
        void fieldsAreInjectedAndTopicsCreated() throws Exception {
            SEEN.add(server);
            assertSame(server, staticServer);
            assertEquals(server.bootstrapServers(), bootstrap);
            assertEquals(bootstrap, kit.bootstrapServers());
            assertEquals(bootstrap, System.getProperty(SkiffExtension.BOOTSTRAP_SERVERS_PROPERTY));
            assertTrue(server.topicNames().containsAll(Set.of("orders", "audit")), server.topicNames()::toString);
            assertEquals(3, kit.endOffsets("orders").size());
            assertEquals(1, kit.endOffsets("audit").size());
            ConfigResource orders = new ConfigResource(ConfigResource.Type.TOPIC, "orders");
            Config config =
                    kit.admin().describeConfigs(List.of(orders)).all().get().get(orders);
            assertEquals("compact", config.get("cleanup.policy").value());
        }

        @Test
        void parametersAreInjectedAndBrokerPropertiesApply(
                SkiffServer param, SkiffKit kitParam, @BootstrapServers String bootstrapParam) {
            SEEN.add(param);
            assertSame(server, param);
            assertSame(kit, kitParam);
            assertEquals(param.bootstrapServers(), bootstrapParam);
            kitParam.send("auto-created", "k", "v");
            assertEquals(2, kitParam.endOffsets("auto-created").size(), "num.partitions=2 applies");
        }
    }

    @Skiff(lifecycle = Lifecycle.PER_METHOD)
    static class PerMethodFixture {
        @Test
        void one(SkiffServer server) {
            SEEN.add(server);
        }

        @Test
        void two(SkiffServer server) {
            SEEN.add(server);
        }
    }

    @Skiff(lifecycle = Lifecycle.SHARED, topics = @SkiffTopic(name = "shared"))
    static class SharedFixture {
        @Test
        void sees(SkiffServer server) {
            SEEN.add(server);
            assertTrue(server.topicNames().contains("shared"));
        }
    }

    @Skiff(lifecycle = Lifecycle.SHARED, topics = @SkiffTopic(name = "shared"))
    static class OtherSharedFixture {
        @Test
        void sees(SkiffServer server) {
            SEEN.add(server);
        }
    }

    static class StaticRegistrationFixture {
        @RegisterExtension
        static final SkiffExtension KAFKA = SkiffExtension.builder()
                .topic("events", 2, Map.of("retention.ms", "60000"))
                .brokerProperty("auto.create.topics.enable", "false")
                .build();

        @Test
        void theExtensionGivesItsBroker(SkiffServer server) {
            SEEN.add(server);
            assertSame(server, KAFKA.server());
            assertEquals(server.bootstrapServers(), KAFKA.bootstrapServers());
            assertEquals(Set.of("events"), server.topicNames());
            assertEquals("false", server.config().originals().get("auto.create.topics.enable"));
        }

        @Test
        void theKitWorksThroughTheExtension() {
            SEEN.add(KAFKA.server());
            KAFKA.kit().send("events", "k", "v");
            assertEquals(
                    "v",
                    KAFKA.kit().readRecord("events", Duration.ofSeconds(30)).value());
        }
    }

    static class InstanceRegistrationFixture {
        @RegisterExtension
        final SkiffExtension kafka = SkiffExtension.builder().build();

        @Test
        void one() {
            SEEN.add(kafka.server());
        }

        @Test
        void two() {
            SEEN.add(kafka.server());
        }
    }

    @Skiff
    static class NestingFixture {
        @Test
        void outer(SkiffServer server) {
            SEEN.add(server);
        }

        @Nested
        class Inner {
            @Test
            void inner(SkiffServer server) {
                SEEN.add(server);
            }
        }
    }

    @Skiff(lifecycle = Lifecycle.PER_METHOD)
    static class BeforeAllWithPerMethodFixture {
        @BeforeAll
        static void before(SkiffServer server) {
            assertNotNull(server);
        }

        @Test
        void test() {}
    }

    @Skiff(properties = "num.partitions")
    static class MalformedPropertyFixture {
        @Test
        void test() {}
    }
}
