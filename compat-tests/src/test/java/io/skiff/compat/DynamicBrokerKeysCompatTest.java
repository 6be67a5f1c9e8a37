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
package io.skiff.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.skiff.config.BrokerConfigKeys;
import io.skiff.config.ConfigKey;
import io.skiff.config.DynamicBrokerKeys;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@link DynamicBrokerKeys}, a copy of Kafka 4.4's lists of dynamic broker keys, against the lists themselves, read
 * from Kafka's own jars (those {@link RealKafka} runs; not on the test class path, so through a class loader of
 * their own): which keys are dynamic, which only per broker, which need a listener prefix. A Kafka upgrade that changes
 * a list fails here instead of drifting silently.
 */
class DynamicBrokerKeysCompatTest {
    private static final String KAFKA_CLASS = "org.apache.kafka.server.config.DynamicBrokerConfig";

    @Test
    @SuppressWarnings("unchecked")
    void theListsAreKafkas() throws Exception {
        try (URLClassLoader kafka = kafkaClassLoader()) {
            Class<?> c = Class.forName(KAFKA_CLASS, true, kafka);
            Set<String> dynamic =
                    new TreeSet<>(strings(c.getField("ALL_DYNAMIC_CONFIGS").get(null)));
            Set<String> security =
                    new TreeSet<>(strings(c.getField("DYNAMIC_SECURITY_CONFIGS").get(null)));
            // key → "per-broker" or "cluster-wide", for every dynamic key
            Map<String, String> modes = new TreeMap<>((Map<String, String>)
                    c.getMethod("dynamicConfigUpdateModes").invoke(null));

            Set<String> candidates = new TreeSet<>(dynamic);
            for (ConfigKey key : BrokerConfigKeys.TABLE.keys()) {
                candidates.add(key.name());
            }
            assertEquals(dynamic, filter(candidates, DynamicBrokerKeys::isDynamic), "dynamic keys");
            assertEquals(security, filter(candidates, DynamicBrokerKeys::needsListenerPrefix), "listener-prefix keys");
            assertEquals(
                    filter(modes.keySet(), k -> modes.get(k).equals("per-broker")),
                    filter(candidates, DynamicBrokerKeys::isPerBrokerOnly),
                    "keys only a broker's own resource may set");
        }
    }

    @SuppressWarnings("unchecked")
    private static Collection<String> strings(Object set) {
        return (Collection<String>) set;
    }

    private static Set<String> filter(Set<String> keys, java.util.function.Predicate<String> p) {
        Set<String> out = new TreeSet<>();
        for (String k : keys) {
            if (p.test(k)) {
                out.add(k);
            }
        }
        return out;
    }

    /** Kafka's jars alone, under the platform class loader: our kafka-clients test dependency stays out. */
    private static URLClassLoader kafkaClassLoader() throws IOException {
        List<URL> urls = new ArrayList<>();
        try (Stream<Path> jars = Files.list(RealKafka.libs())) {
            for (Path jar : (Iterable<Path>) jars.filter(p -> p.toString().endsWith(".jar"))::iterator) {
                urls.add(jar.toUri().toURL());
            }
        }
        return new URLClassLoader(urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());
    }
}
