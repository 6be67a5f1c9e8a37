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
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.SkiffKit;
import io.skiff.testkit.SkiffTopic;
import io.skiff.testsupport.LocalPorts;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;

@SpringJUnitConfig(EmbeddedSkiffTest.Config.class)
@EmbeddedSkiff(topics = @SkiffTopic(name = "orders", partitions = 2), properties = "auto.create.topics.enable=false")
class EmbeddedSkiffTest {
    @Configuration
    static class Config {}

    @Autowired
    SkiffServer server;

    @Autowired
    SkiffKit kit;

    @Value("${spring.kafka.bootstrap-servers}")
    String springBootstrap;

    @Value("${skiff.bootstrap.servers}")
    String skiffBootstrap;

    @Test
    void theContextHasTheBrokerItsTopicsAndItsAddress() {
        assertEquals(server.bootstrapServers(), springBootstrap);
        assertEquals(server.bootstrapServers(), skiffBootstrap);
        assertEquals(java.util.Set.of("orders"), server.topicNames());
        assertEquals("false", server.config().originals().get("auto.create.topics.enable"));
        kit.send("orders", "k", "v");
        assertEquals("v", kit.readRecord("orders", Duration.ofSeconds(30)).value());
    }

    @Nested
    class NestedClass {
        @Autowired
        SkiffServer nestedServer;

        @Test
        void sharesTheEnclosingClassesContextAndBroker() {
            assertSame(server, nestedServer);
        }
    }

    @EmbeddedSkiff(topics = @SkiffTopic(name = "orders", partitions = 2))
    static class SameBroker {}

    @EmbeddedSkiff(topics = @SkiffTopic(name = "orders", partitions = 2))
    static class SameBrokerAgain {}

    @EmbeddedSkiff(topics = @SkiffTopic(name = "orders", partitions = 3))
    static class OtherBroker {}

    static class NoBroker {}

    @Test
    void equalAnnotationsShareTheCachedContextOthersDoNot() {
        SkiffContextCustomizerFactory factory = new SkiffContextCustomizerFactory();
        ContextCustomizer same = factory.createContextCustomizer(SameBroker.class, List.of());
        assertEquals(same, factory.createContextCustomizer(SameBrokerAgain.class, List.of()));
        assertEquals(
                same.hashCode(),
                factory.createContextCustomizer(SameBrokerAgain.class, List.of())
                        .hashCode());
        assertNotEquals(same, factory.createContextCustomizer(OtherBroker.class, List.of()));
        assertNull(factory.createContextCustomizer(NoBroker.class, List.of()));
    }

    @Test
    void theBrokerClosesWithTheContextAfterItsLifecycleBeansStopped() {
        GenericApplicationContext context = new GenericApplicationContext();
        new SkiffContextCustomizerFactory()
                .createContextCustomizer(SameBroker.class, List.of())
                .customizeContext(context, null);
        AtomicBoolean brokerUpWhenListenersStopped = new AtomicBoolean();
        context.registerBean("listener", SmartLifecycle.class, () -> new SmartLifecycle() {
            private boolean running;
            private SkiffServer broker;

            @Override
            public void start() {
                broker = context.getBean(SkiffServer.class);
                running = true;
            }

            @Override
            public void stop() {
                brokerUpWhenListenersStopped.set(accepts(broker));
                running = false;
            }

            @Override
            public boolean isRunning() {
                return running;
            }
        });
        context.refresh();
        SkiffServer broker = context.getBean(SkiffServer.class);
        assertTrue(accepts(broker));
        context.close();
        assertTrue(brokerUpWhenListenersStopped.get(), "listener containers stop while the broker still runs");
        assertTrue(!accepts(broker), "the broker is closed with the context");
    }

    private static boolean accepts(SkiffServer server) {
        return LocalPorts.accepts(server.port());
    }
}
