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

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs an in-process Skiff broker for a test class: on 127.0.0.1, a free port, a temporary directory.
 *
 * <pre>{@code
 * @Skiff(topics = @SkiffTopic(name = "orders", partitions = 3))
 * class OrderServiceTest {
 *     @Test
 *     void publishes(SkiffKit kafka) { ... kafka.readRecord("orders", Duration.ofSeconds(10)) ... }
 * }
 * }</pre>
 *
 * <p>Fields and parameters of type {@link io.skiff.broker.SkiffServer}, {@link SkiffKit} and {@link SkiffBroker} (which
 * restarts the broker on its data and port), and {@code String}s marked {@link BootstrapServers}, are filled in. While the broker runs, the system property named by
 * {@link #bootstrapServersProperty()} holds its bootstrap servers, for frameworks to read.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@ExtendWith(SkiffExtension.class)
public @interface Skiff {
    Lifecycle lifecycle() default Lifecycle.PER_CLASS;

    SkiffTopic[] topics() default {};

    /** Broker configuration as {@code key=value} with Kafka's keys, e.g. {@code "num.partitions=3"}. */
    String[] properties() default {};

    /** The listener's port on 127.0.0.1; 0 picks a free one. */
    int port() default 0;

    /**
     * Nodes of a simulated cluster in this process ({@code skiff.simulated.nodes}): each with its own free port,
     * replicas, ISR and leaders over one storage; the bootstrap servers list them all. 1: one plain node.
     */
    int nodes() default 1;

    /**
     * Serves the web console on a free port of 127.0.0.1 ({@code console.listener}; needs {@code io.skiff:skiff-console}
     * on the test classpath): {@code server.extensionUrl("console")} tells where. With the system property
     * {@code skiff.console.keepAliveOnFailure} the broker of a failed test stays up for a look (see
     * {@link SkiffExtension#KEEP_ALIVE_ON_FAILURE_PROPERTY}).
     */
    boolean console() default false;

    /**
     * Serves a Confluent-compatible schema registry on a free port of 127.0.0.1 ({@code schema.registry.listener};
     * needs {@code io.skiff:skiff-schema-registry} on the test classpath): a {@code String} marked
     * {@link SchemaRegistryUrl} receives its URL, for serializers' {@code schema.registry.url}.
     */
    boolean schemaRegistry() default false;

    /** The system property set to the bootstrap servers while the broker runs; empty for none. */
    String bootstrapServersProperty() default SkiffExtension.BOOTSTRAP_SERVERS_PROPERTY;
}
