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

import io.skiff.testkit.SkiffTopic;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Gives a Spring test context its own in-process Skiff broker, started when the context is built and closed when
 * Spring closes it (evicted from the context cache, or at JVM exit), after the context's listener containers have
 * stopped. Test classes with the same {@code @EmbeddedSkiff} and otherwise the same configuration share the cached
 * context and so the broker.
 *
 * <p>The context's environment gets the bootstrap servers under {@code spring.kafka.bootstrap-servers} (Spring
 * Boot's key) and {@code skiff.bootstrap.servers}; the broker is a bean of type {@link io.skiff.broker.SkiffServer}
 * and its helpers one of type {@link io.skiff.testkit.SkiffKit}.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface EmbeddedSkiff {
    SkiffTopic[] topics() default {};

    /** Broker configuration as {@code key=value} with Kafka's keys. */
    String[] properties() default {};

    /**
     * Nodes of a simulated cluster in this process ({@code skiff.simulated.nodes}), for tests written for
     * {@code @EmbeddedKafka(count = 3)}: each node has its own free port, replicas, ISR and leaders over one storage.
     */
    int nodes() default 1;

    /**
     * Serves a schema registry on a free loopback port (needs {@code io.skiff:skiff-schema-registry}); its URL goes
     * into {@code spring.kafka.properties.schema.registry.url} (what Spring Boot hands to serializers) and
     * {@code skiff.schema.registry.url}.
     */
    boolean schemaRegistry() default false;

    /** Environment properties set to the bootstrap servers. */
    String[] bootstrapServersProperties() default {"spring.kafka.bootstrap-servers", "skiff.bootstrap.servers"};
}
