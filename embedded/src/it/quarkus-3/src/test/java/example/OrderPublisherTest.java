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
package example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.util.Version;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.junit.QuarkusTest;
import io.skiff.broker.SkiffServer;
import io.skiff.quarkus.InjectSkiff;
import io.skiff.quarkus.SkiffTestResource;
import io.skiff.testkit.SkiffKit;
import jakarta.inject.Inject;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(value = SkiffTestResource.class, initArgs = @ResourceArg(name = "topics", value = "orders:2"))
class OrderPublisherTest {
    @Inject
    OrderPublisher publisher;

    @InjectSkiff
    SkiffKit kafka;

    @InjectSkiff
    SkiffServer server;

    @ConfigProperty(name = "kafka.bootstrap.servers")
    String bootstrapServers;

    @Test
    void publishesToSkiff() throws Exception {
        assertTrue(Version.identify().get("netty-common").artifactVersion().startsWith("4.1."),
                "Quarkus's own Netty is 4.1: " + Version.identify().get("netty-common"));
        assertEquals(server.bootstrapServers(), bootstrapServers);
        publisher.publish("o-1", "42 EUR");
        assertEquals("42 EUR", kafka.readRecord("orders", Duration.ofSeconds(30)).value());
        assertEquals(2, kafka.endOffsets("orders").size());
    }
}
