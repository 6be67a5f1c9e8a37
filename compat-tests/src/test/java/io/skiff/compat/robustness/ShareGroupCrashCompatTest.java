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
package io.skiff.compat.robustness;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Share-group state survives the broker's death with Kafka's promise, record by record: a consumer accepts the even
 * records and holds the odd ones unacknowledged when the broker is killed (SIGKILL) or stopped (SIGTERM); after the
 * restart a new consumer of the group gets exactly the odd records again, each on its second delivery, and never an
 * accepted one.
 */
class ShareGroupCrashCompatTest {
    private static final int RECORDS = 40;

    @TempDir
    Path dataDir;

    @ParameterizedTest
    @ValueSource(strings = {"kill", "stop"})
    void acknowledgedAreNeverRedeliveredAndAcquiredOnesAre(String how) throws Exception {
        try (ChildBroker broker = ChildBroker.start(dataDir)) {
            prepare(broker.bootstrapServers());
            KafkaShareConsumer<String, String> holder = consumer(broker.bootstrapServers());
            holder.subscribe(List.of("work"));
            Map<String, ConsumerRecord<String, String>> seen = new HashMap<>();
            await().atMost(Duration.ofSeconds(60)).until(() -> {
                for (ConsumerRecord<String, String> r : holder.poll(Duration.ofMillis(200))) {
                    seen.put(r.value(), r);
                    // Even records are accepted; odd ones stay acquired, as if still being worked on.
                    if (number(r) % 2 == 0) {
                        holder.acknowledge(r, AcknowledgeType.ACCEPT);
                    }
                }
                holder.commitSync();
                return seen.size() == RECORDS;
            });
            if (how.equals("kill")) {
                broker.kill();
            } else {
                broker.stop();
            }
            holder.close(Duration.ZERO);
        }
        try (ChildBroker broker = ChildBroker.start(dataDir);
                KafkaShareConsumer<String, String> after = consumer(broker.bootstrapServers())) {
            after.subscribe(List.of("work"));
            TreeSet<Integer> redelivered = new TreeSet<>();
            List<String> problems = new ArrayList<>();
            await().atMost(Duration.ofSeconds(60)).until(() -> {
                for (ConsumerRecord<String, String> r : after.poll(Duration.ofMillis(200))) {
                    if (number(r) % 2 == 0) {
                        problems.add("accepted record " + r.value() + " delivered again");
                    }
                    if (r.deliveryCount().orElse((short) 0) != 2) {
                        problems.add(r.value() + " delivery count " + r.deliveryCount());
                    }
                    redelivered.add(number(r));
                    after.acknowledge(r, AcknowledgeType.ACCEPT);
                }
                after.commitSync();
                return redelivered.size() >= RECORDS / 2;
            });
            for (int i = 0; i < 5; i++) {
                for (ConsumerRecord<String, String> r : after.poll(Duration.ofMillis(200))) {
                    problems.add("unexpected " + r.value() + " after everything was accepted");
                }
            }
            TreeSet<Integer> odd = new TreeSet<>();
            for (int i = 1; i < RECORDS; i += 2) {
                odd.add(i);
            }
            assertTrue(problems.isEmpty(), problems::toString);
            assertEquals(odd, redelivered, "exactly the records acquired and not acknowledged come back");
        }
    }

    private static int number(ConsumerRecord<String, String> r) {
        return Integer.parseInt(r.value().substring(2));
    }

    private static void prepare(String bootstrap) throws Exception {
        Properties a = new Properties();
        a.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        try (Admin admin = Admin.create(a)) {
            admin.createTopics(List.of(new NewTopic("work", 1, (short) 1)))
                    .all()
                    .get();
            admin.incrementalAlterConfigs(Map.of(
                            new ConfigResource(ConfigResource.Type.GROUP, "crew"),
                            List.of(new AlterConfigOp(
                                    new ConfigEntry("share.auto.offset.reset", "earliest"), AlterConfigOp.OpType.SET))))
                    .all()
                    .get();
        }
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
            for (int i = 0; i < RECORDS; i++) {
                producer.send(new ProducerRecord<>("work", "w-" + i)).get(); // one batch per record
            }
        }
    }

    private static KafkaShareConsumer<String, String> consumer(String bootstrap) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ConsumerConfig.GROUP_ID_CONFIG, "crew");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put("share.acknowledgement.mode", "explicit");
        return new KafkaShareConsumer<>(p);
    }
}
