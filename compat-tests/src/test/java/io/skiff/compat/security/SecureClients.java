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
package io.skiff.compat.security;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/** Java clients with security settings, and a produce / group consume / admin round trip over them. */
public final class SecureClients {
    private SecureClients() {}

    /** Client settings for SASL/PLAIN as {@code user} over {@code protocol} (SASL_PLAINTEXT or SASL_SSL). */
    public static Map<String, Object> plainSasl(String protocol, String user, String password) {
        return sasl(
                protocol, "PLAIN", login("org.apache.kafka.common.security.plain.PlainLoginModule", user, password));
    }

    /** Client settings for SCRAM-SHA-256 or -512 ({@code mechanism}) as {@code user} over {@code protocol}. */
    static Map<String, Object> scram(String protocol, String mechanism, String user, String password) {
        return sasl(
                protocol, mechanism, login("org.apache.kafka.common.security.scram.ScramLoginModule", user, password));
    }

    /** Client settings for OAUTHBEARER with an unsecured token for {@code subject}. */
    static Map<String, Object> unsecuredOAuthBearer(String protocol, String subject) {
        return sasl(
                protocol,
                "OAUTHBEARER",
                "org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required "
                        + "unsecuredLoginStringClaim_sub=\"" + subject + "\";");
    }

    private static Map<String, Object> sasl(String protocol, String mechanism, String jaasConfig) {
        Map<String, Object> p = new HashMap<>();
        p.put("security.protocol", protocol);
        p.put("sasl.mechanism", mechanism);
        p.put("sasl.jaas.config", jaasConfig);
        return p;
    }

    private static String login(String module, String user, String password) {
        return module + " required username=\"" + user + "\" password=\"" + password + "\";";
    }

    /**
     * Broker settings: {@code listeners}, with PLAIN the one SASL mechanism, and {@code jaasConfig} (see
     * {@link #plainUsers}) the SASL_PLAINTEXT listener's; a mutable map, for the test's own keys on top.
     */
    public static Map<String, String> plainSaslListener(String listeners, String jaasConfig) {
        Map<String, String> config = new HashMap<>();
        config.put("listeners", listeners);
        config.put("sasl.enabled.mechanisms", "PLAIN");
        config.put("listener.name.sasl_plaintext.plain.sasl.jaas.config", jaasConfig);
        return config;
    }

    /** A broker's PLAIN JAAS config that knows the users {@code user1, password1, user2, password2, ...}. */
    public static String plainUsers(String... usersAndPasswords) {
        StringBuilder jaas = new StringBuilder("org.apache.kafka.common.security.plain.PlainLoginModule required");
        for (int i = 0; i < usersAndPasswords.length; i += 2) {
            jaas.append(" user_")
                    .append(usersAndPasswords[i])
                    .append("=\"")
                    .append(usersAndPasswords[i + 1])
                    .append('"');
        }
        return jaas.append(';').toString();
    }

    static Map<String, Object> merge(Map<String, Object> a, Map<String, Object> b) {
        Map<String, Object> m = new HashMap<>(a);
        m.putAll(b);
        return m;
    }

    static Admin admin(String bootstrap, Map<String, Object> security) {
        Properties p = new Properties();
        p.put("bootstrap.servers", bootstrap);
        p.put("default.api.timeout.ms", 20000);
        p.put("request.timeout.ms", 10000);
        p.putAll(security);
        return Admin.create(p);
    }

    static KafkaProducer<String, String> producer(String bootstrap, Map<String, Object> security) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 20000);
        p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 30000);
        p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10000);
        p.putAll(security);
        return new KafkaProducer<>(p);
    }

    static KafkaConsumer<String, String> consumer(String bootstrap, String group, Map<String, Object> security) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        p.put(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 20000);
        p.putAll(security);
        return new KafkaConsumer<>(p);
    }

    /**
     * Creates a topic with the admin client, produces {@code count} records, reads them back in a consumer group
     * and commits: the work every application does, over the given security settings.
     */
    static void roundTrip(String bootstrap, Map<String, Object> security, String topic, int count) throws Exception {
        try (Admin admin = admin(bootstrap, security)) {
            admin.createTopics(List.of(new NewTopic(topic, 2, (short) 1))).all().get(20, TimeUnit.SECONDS);
            assertEquals(
                    true, admin.listTopics().names().get(20, TimeUnit.SECONDS).contains(topic));
        }
        try (KafkaProducer<String, String> producer = producer(bootstrap, security)) {
            for (int i = 0; i < count; i++) {
                producer.send(new ProducerRecord<>(topic, "k" + i, "value-" + i))
                        .get(20, TimeUnit.SECONDS);
            }
        }
        List<String> values = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = consumer(bootstrap, topic + "-group", security)) {
            consumer.subscribe(List.of(topic));
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(200))) {
                    values.add(r.value());
                }
                return values.size() >= count;
            });
            consumer.commitSync();
        }
        values.sort((a, b) -> Integer.compare(
                Integer.parseInt(a.substring("value-".length())), Integer.parseInt(b.substring("value-".length()))));
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            expected.add("value-" + i);
        }
        assertEquals(expected, values);
    }
}
