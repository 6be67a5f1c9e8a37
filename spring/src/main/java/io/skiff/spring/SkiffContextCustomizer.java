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

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.SkiffKit;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.DefaultSingletonBeanRegistry;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.MergedContextConfiguration;

/**
 * Starts the broker of an {@link EmbeddedSkiff} for one application context, before it refreshes: the broker's
 * bootstrap servers go into the environment, the broker and its helpers become beans, and both are disposed of with
 * the context's other singletons — after its lifecycle beans (Kafka listener containers) have stopped, so that no
 * listener of a cached context ever talks to a closed broker.
 *
 * <p>Immutable and thread-safe; the record's equality (the spec's) decides which test classes share a cached context.
 */
record SkiffContextCustomizer(SkiffContextSpec spec) implements ContextCustomizer {
    static final String SERVER_BEAN = "skiffServer";
    static final String KIT_BEAN = "skiffKit";

    @Override
    public void customizeContext(ConfigurableApplicationContext context, MergedContextConfiguration config) {
        SkiffServer server = SkiffServer.builder().config(spec.properties()).start();
        try {
            for (SkiffContextSpec.Topic topic : spec.topics()) {
                server.createTopic(topic.name(), topic.partitions(), topic.config());
            }
            Map<String, Object> properties = new LinkedHashMap<>();
            for (String key : spec.bootstrapServersProperties()) {
                properties.put(key, server.bootstrapServers());
            }
            String registryListener = spec.properties().get(SkiffContextSpec.SCHEMA_REGISTRY_KEY);
            if (registryListener != null && !registryListener.isBlank()) {
                String url = server.extensionUrl("schema-registry")
                        .orElseThrow(() -> new IllegalStateException("A schema registry was asked for, but"
                                + " io.skiff:skiff-schema-registry is not on the test classpath"));
                properties.put("spring.kafka.properties.schema.registry.url", url);
                properties.put("skiff.schema.registry.url", url);
            }
            context.getEnvironment()
                    .getPropertySources()
                    .addFirst(new MapPropertySource("skiff-" + server.port(), properties));
            ConfigurableListableBeanFactory beans = context.getBeanFactory();
            SkiffKit kit = new SkiffKit(server);
            beans.registerSingleton(SERVER_BEAN, server);
            beans.registerSingleton(KIT_BEAN, kit);
            if (!(beans instanceof DefaultSingletonBeanRegistry registry)) {
                throw new IllegalStateException("@EmbeddedSkiff needs a bean factory that disposes of singletons, not "
                        + beans.getClass().getName());
            }
            // Registered before any other bean: disposed of last, after the listener containers stopped. The kit
            // depends on the server, so it is closed first.
            registry.registerDisposableBean(SERVER_BEAN, server::close);
            registry.registerDisposableBean(KIT_BEAN, kit::close);
            registry.registerDependentBean(SERVER_BEAN, KIT_BEAN);
        } catch (RuntimeException | Error e) {
            server.close();
            throw e;
        }
    }
}
