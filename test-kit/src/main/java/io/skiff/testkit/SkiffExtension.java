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

import io.skiff.broker.SkiffServer;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;
import org.junit.platform.commons.support.ReflectionSupport;

/**
 * JUnit 5 extension that runs an in-process Skiff broker. Declared with {@link Skiff}, or registered with its
 * builder:
 *
 * <pre>{@code
 * @RegisterExtension
 * static final SkiffExtension KAFKA = SkiffExtension.builder().topic("orders", 3).build();
 * }</pre>
 *
 * <p>On a static field the broker follows the builder's lifecycle (per class by default); on an instance field JUnit
 * gives the extension no class-level callbacks, so the broker is per method. It fills fields and parameters of type
 * {@link SkiffServer}, {@link SkiffKit} and {@link SkiffBroker} (to restart it), and {@code String}s marked
 * {@link BootstrapServers}; a per-method broker
 * is not there yet for constructors and {@code @BeforeAll} methods. One broker per test class: {@code @Nested}
 * classes use their enclosing class's broker.
 *
 * <p>Thread-safe: the broker of each test context lives in JUnit's extension store; {@link #server()} reads the one
 * this registered instance started last.
 */
public final class SkiffExtension
        implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback, ParameterResolver {
    /** The system property that holds the bootstrap servers while a broker runs, unless configured otherwise. */
    public static final String BOOTSTRAP_SERVERS_PROPERTY = "skiff.bootstrap.servers";

    /**
     * Set (to a number of seconds, or {@code true} for 600) to keep the broker of a failed test running that long
     * before it closes, its console URL and bootstrap servers printed: {@code -Dskiff.console.keepAliveOnFailure=300}.
     * Unset, the default (and so in CI), nothing ever waits.
     */
    public static final String KEEP_ALIVE_ON_FAILURE_PROPERTY = FailedTestHold.PROPERTY;

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(SkiffExtension.class);
    private static final String BROKER = "broker";
    private static final String OWNER = "owner";

    private final BrokerSpec configured;
    private volatile RunningBroker latest;

    /** For {@link Skiff}: the configuration comes from the annotation. */
    public SkiffExtension() {
        this.configured = null;
    }

    private SkiffExtension(BrokerSpec configured) {
        this.configured = configured;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The broker this registered extension started, for tests that hold the extension in a field. */
    public SkiffServer server() {
        return running().server();
    }

    /** The bootstrap servers of {@link #server()}. */
    public String bootstrapServers() {
        return running().server().bootstrapServers();
    }

    /** The helpers bound to {@link #server()}. */
    public SkiffKit kit() {
        return running().kit();
    }

    private RunningBroker running() {
        RunningBroker broker = latest;
        if (broker == null) {
            throw new IllegalStateException("no Skiff broker is running for this extension yet");
        }
        return broker;
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        BrokerSpec spec = spec(context);
        if (spec.lifecycle() != Lifecycle.PER_METHOD) {
            startUnlessInherited(context, spec);
        }
        RunningBroker broker = broker(context);
        if (broker != null) {
            injectFields(context.getRequiredTestClass(), null, broker, true);
        }
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        RunningBroker broker = broker(context);
        if (broker == null) {
            broker = startUnlessInherited(context, spec(context));
        }
        for (Object instance : context.getRequiredTestInstances().getAllInstances()) {
            injectFields(instance.getClass(), instance, broker, false);
        }
    }

    @Override
    public void afterEach(ExtensionContext context) {
        RunningBroker broker = broker(context);
        if (broker != null && context.getExecutionException().isPresent()) {
            FailedTestHold.maybeHold(context.getDisplayName(), broker.server(), System.err);
        }
        closeIfOwner(context);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        closeIfOwner(context);
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == SkiffServer.class
                || type == SkiffKit.class
                || type == SkiffBroker.class
                || (type == String.class && parameter.isAnnotated(BootstrapServers.class))
                || (type == String.class && parameter.isAnnotated(SchemaRegistryUrl.class));
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        RunningBroker broker = broker(context);
        if (broker == null) {
            throw new ParameterResolutionException("No Skiff broker is running for "
                    + parameter.getDeclaringExecutable()
                    + ": a per-method broker starts after constructors and @BeforeAll methods");
        }
        return valueFor(parameter.getParameter().getType(), parameter.isAnnotated(SchemaRegistryUrl.class), broker);
    }

    private RunningBroker startUnlessInherited(ExtensionContext context, BrokerSpec spec) {
        RunningBroker existing = broker(context);
        if (existing != null) {
            latest = existing;
            return existing; // an enclosing class's broker serves its @Nested classes
        }
        RunningBroker broker;
        ExtensionContext.Store store = context.getStore(NAMESPACE);
        if (spec.lifecycle() == Lifecycle.SHARED) {
            broker = SharedBrokers.get(spec);
        } else {
            broker = RunningBroker.startRestartable(spec);
            store.put(OWNER, context.getUniqueId());
        }
        store.put(BROKER, new Held(broker));
        latest = broker;
        return broker;
    }

    private void closeIfOwner(ExtensionContext context) {
        ExtensionContext.Store store = context.getStore(NAMESPACE);
        if (!context.getUniqueId().equals(store.get(OWNER, String.class))) {
            return;
        }
        Held held = store.remove(BROKER, Held.class);
        store.remove(OWNER);
        if (held != null) {
            held.broker().close();
        }
    }

    private static RunningBroker broker(ExtensionContext context) {
        Held held = context.getStore(NAMESPACE).get(BROKER, Held.class);
        return held == null ? null : held.broker();
    }

    /**
     * The store's entry: not itself closeable, so that JUnit does not close a shared broker with the class that
     * used it (it closes AutoCloseable store values when their context ends); owned brokers are closed explicitly.
     */
    private record Held(RunningBroker broker) {}

    private BrokerSpec spec(ExtensionContext context) {
        if (configured != null) {
            return configured;
        }
        for (Class<?> type = context.getRequiredTestClass(); type != null; type = type.getEnclosingClass()) {
            var annotation = AnnotationSupport.findAnnotation(type, Skiff.class);
            if (annotation.isPresent()) {
                return BrokerSpec.of(annotation.get());
            }
        }
        throw new ExtensionConfigurationException("SkiffExtension needs @Skiff on "
                + context.getRequiredTestClass().getName() + " or registration with SkiffExtension.builder()");
    }

    private static void injectFields(Class<?> type, Object instance, RunningBroker broker, boolean staticOnly) {
        List<Field> fields = ReflectionSupport.findFields(
                type,
                f -> !Modifier.isFinal(f.getModifiers())
                        && (!staticOnly || Modifier.isStatic(f.getModifiers()))
                        && (instance != null || Modifier.isStatic(f.getModifiers()))
                        && (f.getType() == SkiffServer.class
                                || f.getType() == SkiffKit.class
                                || f.getType() == SkiffBroker.class
                                || (f.getType() == String.class && f.isAnnotationPresent(BootstrapServers.class))
                                || (f.getType() == String.class && f.isAnnotationPresent(SchemaRegistryUrl.class))),
                HierarchyTraversalMode.TOP_DOWN);
        for (Field field : fields) {
            Object target = Modifier.isStatic(field.getModifiers()) ? null : instance;
            boolean registryUrl = field.isAnnotationPresent(SchemaRegistryUrl.class);
            try {
                ReflectionSupport.makeAccessible(field).set(target, valueFor(field.getType(), registryUrl, broker));
                broker.injected(field, target, b -> valueFor(field.getType(), registryUrl, b));
            } catch (IllegalAccessException e) {
                throw new ExtensionConfigurationException("Cannot set " + field + ": " + e.getMessage(), e);
            }
        }
    }

    private static Object valueFor(Class<?> type, boolean schemaRegistryUrl, RunningBroker broker) {
        if (schemaRegistryUrl) {
            return broker.server()
                    .extensionUrl("schema-registry")
                    .orElseThrow(
                            () -> new ExtensionConfigurationException(
                                    "@SchemaRegistryUrl needs a registry:"
                                            + " @Skiff(schemaRegistry = true) and io.skiff:skiff-schema-registry on the test classpath"));
        }
        if (type == SkiffServer.class) {
            return broker.server();
        }
        if (type == SkiffKit.class) {
            return broker.kit();
        }
        if (type == SkiffBroker.class) {
            return broker.handle();
        }
        return broker.server().bootstrapServers();
    }

    /** Configures a {@link SkiffExtension} for {@code @RegisterExtension}. Not thread-safe. */
    public static final class Builder {
        private Lifecycle lifecycle = Lifecycle.PER_CLASS;
        private final List<BrokerSpec.TopicSpec> topics = new ArrayList<>();
        private final Map<String, String> properties = new java.util.LinkedHashMap<>();
        private int port;
        private String bootstrapServersProperty = BOOTSTRAP_SERVERS_PROPERTY;

        private Builder() {}

        public Builder lifecycle(Lifecycle lifecycle) {
            this.lifecycle = Objects.requireNonNull(lifecycle);
            return this;
        }

        public Builder topic(String name, int partitions) {
            return topic(name, partitions, Map.of());
        }

        /** A topic created at start, with topic-level configuration (Kafka's keys). */
        public Builder topic(String name, int partitions, Map<String, String> config) {
            topics.add(new BrokerSpec.TopicSpec(Objects.requireNonNull(name), partitions, Map.copyOf(config)));
            return this;
        }

        /** A broker configuration key (Kafka's names, e.g. {@code num.partitions}). */
        public Builder brokerProperty(String key, String value) {
            properties.put(Objects.requireNonNull(key), Objects.requireNonNull(value));
            return this;
        }

        /** Nodes of a simulated cluster ({@code skiff.simulated.nodes}); 1, the default, is one plain node. */
        public Builder nodes(int count) {
            return brokerProperty("skiff.simulated.nodes", Integer.toString(count));
        }

        /** Serves the web console on a free port of 127.0.0.1 (needs io.skiff:skiff-console on the classpath). */
        public Builder console() {
            return brokerProperty(BrokerSpec.CONSOLE_KEY, "http://127.0.0.1:0");
        }

        /** Serves a schema registry on a free port of 127.0.0.1 (needs io.skiff:skiff-schema-registry). */
        public Builder schemaRegistry() {
            return brokerProperty(BrokerSpec.SCHEMA_REGISTRY_KEY, "http://127.0.0.1:0");
        }

        /** The listener's port on 127.0.0.1; 0 (the default) picks a free one. */
        public Builder port(int port) {
            this.port = port;
            return this;
        }

        /** The system property that holds the bootstrap servers while the broker runs; null or empty for none. */
        public Builder bootstrapServersProperty(String name) {
            this.bootstrapServersProperty = name == null ? "" : name;
            return this;
        }

        public SkiffExtension build() {
            return new SkiffExtension(new BrokerSpec(lifecycle, topics, properties, port, bootstrapServersProperty));
        }
    }
}
