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

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.skiff.broker.SkiffServer;
import io.skiff.testkit.SkiffKit;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Runs a Skiff broker for {@code @QuarkusTest} classes:
 *
 * <pre>{@code
 * @QuarkusTest
 * @QuarkusTestResource(value = SkiffTestResource.class, initArgs = @ResourceArg(name = "topics", value = "orders:3"))
 * class OrderResourceTest { @InjectSkiff SkiffKit kafka; ... }
 * }</pre>
 *
 * <p>Init arguments: {@code topics}, a comma-separated list of {@code name} or {@code name:partitions}; any argument
 * starting with {@code broker.} is a broker configuration key without that prefix. The application gets the bootstrap
 * servers as {@code kafka.bootstrap.servers} (what the Kafka client extension and SmallRye Reactive Messaging read)
 * and {@code skiff.bootstrap.servers}. Fields annotated {@link InjectSkiff} get the broker or its helpers. With
 * {@code schemaRegistry=true} (and {@code io.skiff:skiff-schema-registry} on the test classpath) a schema registry
 * starts too, its URL given as {@code mp.messaging.connector.smallrye-kafka.schema.registry.url} (every channel's
 * serializers read it) and {@code skiff.schema.registry.url}.
 *
 * <p>Quarkus decides whether to start its Docker-based Kafka dev service while it builds the application, before
 * test resources start, so the application's {@code application.properties} must turn it off:
 * {@code %test.quarkus.kafka.devservices.enabled=false}.
 *
 * <p>Not thread-safe: Quarkus calls it from one thread, start before stop.
 */
public final class SkiffTestResource implements QuarkusTestResourceLifecycleManager {
    private static final String SCHEMA_REGISTRY_KEY = "schema.registry.listener";

    private final Map<String, String> brokerConfig = new LinkedHashMap<>();
    private final Map<String, Integer> topics = new LinkedHashMap<>();
    private SkiffServer server;
    private SkiffKit kit;

    @Override
    public void init(Map<String, String> initArgs) {
        initArgs.forEach((key, value) -> {
            if (key.equals("topics")) {
                parseTopics(value);
            } else if (key.equals("schemaRegistry")) {
                if (Boolean.parseBoolean(value)) {
                    brokerConfig.putIfAbsent(SCHEMA_REGISTRY_KEY, "http://127.0.0.1:0");
                }
            } else if (key.startsWith("broker.")) {
                brokerConfig.put(key.substring("broker.".length()), value);
            } else {
                throw new IllegalArgumentException("SkiffTestResource: unknown init argument '" + key
                        + "' (expected 'topics', 'schemaRegistry' or 'broker.<key>')");
            }
        });
    }

    private void parseTopics(String list) {
        for (String entry : list.split(",")) {
            String spec = entry.trim();
            if (spec.isEmpty()) {
                continue;
            }
            int colon = spec.indexOf(':');
            try {
                topics.put(
                        colon < 0 ? spec : spec.substring(0, colon),
                        colon < 0 ? 1 : Integer.parseInt(spec.substring(colon + 1)));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("SkiffTestResource: topic '" + spec + "' is not name:partitions", e);
            }
        }
    }

    @Override
    public Map<String, String> start() {
        server = SkiffServer.builder().config(brokerConfig).start();
        topics.forEach(server::createTopic);
        kit = new SkiffKit(server);
        Map<String, String> config = new LinkedHashMap<>();
        config.put("kafka.bootstrap.servers", server.bootstrapServers());
        config.put("skiff.bootstrap.servers", server.bootstrapServers());
        String registry = brokerConfig.get(SCHEMA_REGISTRY_KEY);
        if (registry != null && !registry.isBlank()) {
            String url = server.extensionUrl("schema-registry")
                    .orElseThrow(() -> new IllegalStateException("SkiffTestResource: a schema registry was asked for,"
                            + " but io.skiff:skiff-schema-registry is not on the test classpath"));
            config.put("mp.messaging.connector.smallrye-kafka.schema.registry.url", url);
            config.put("skiff.schema.registry.url", url);
        }
        return config;
    }

    @Override
    public void inject(TestInjector injector) {
        injector.injectIntoFields(
                server, new TestInjector.AnnotatedAndMatchesType(InjectSkiff.class, SkiffServer.class));
        injector.injectIntoFields(kit, new TestInjector.AnnotatedAndMatchesType(InjectSkiff.class, SkiffKit.class));
    }

    @Override
    public void stop() {
        try {
            if (kit != null) {
                kit.close();
            }
        } finally {
            if (server != null) {
                server.close();
            }
        }
    }
}
