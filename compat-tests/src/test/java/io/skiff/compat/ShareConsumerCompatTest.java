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

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.Skiff;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.ShareGroupDescription;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/**
 * Share groups (KIP-932) with the official {@code KafkaShareConsumer}: two and three consumers of one group on one
 * partition get disjoint records that together are everything produced; a RELEASEd record comes back with delivery
 * count 2, a REJECTed one never comes back; ShareGroupDescribe shows the members; read_committed skips aborted
 * transactions. One broker for the class, a topic
 * and group per test.
 */
// Kafka's lower bound of a group's lock duration is 15 s; the broker key lets the lock tests use 1 s
@Skiff(properties = "group.share.min.record.lock.duration.ms=1000")
class ShareConsumerCompatTest {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static SkiffServer server;

    /** A topic of one partition and a share group that starts at its beginning (share.auto.offset.reset=earliest). */
    private static void prepare(String topic, String group, String... groupConfigs) throws Exception {
        server.createTopic(topic, 1);
        List<AlterConfigOp> ops = new ArrayList<>();
        ops.add(new AlterConfigOp(new ConfigEntry("share.auto.offset.reset", "earliest"), AlterConfigOp.OpType.SET));
        for (int i = 0; i < groupConfigs.length; i += 2) {
            ops.add(new AlterConfigOp(new ConfigEntry(groupConfigs[i], groupConfigs[i + 1]), AlterConfigOp.OpType.SET));
        }
        try (Admin admin = GroupCompatSupport.admin(server)) {
            admin.incrementalAlterConfigs(Map.of(new ConfigResource(ConfigResource.Type.GROUP, group), ops))
                    .all()
                    .get();
        }
    }

    private static KafkaShareConsumer<String, String> consumer(String group, boolean explicit) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, server.bootstrapServers());
        p.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "10");
        if (explicit) {
            p.put("share.acknowledgement.mode", "explicit");
        }
        return new KafkaShareConsumer<>(p);
    }

    @Test
    void twoAndThreeConsumersOnOnePartitionGetDisjointRecords() throws Exception {
        for (int members : List.of(2, 3)) {
            String topic = "queue-" + members;
            String group = "workers-" + members;
            prepare(topic, group);
            List<String> produced = GroupCompatSupport.produce(server, topic, 1, "r", 600);
            Map<Integer, ConcurrentLinkedQueue<String>> received = new ConcurrentHashMap<>();
            AtomicBoolean done = new AtomicBoolean();
            List<Thread> threads = new ArrayList<>();
            ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
            for (int m = 0; m < members; m++) {
                ConcurrentLinkedQueue<String> mine = new ConcurrentLinkedQueue<>();
                received.put(m, mine);
                Thread t = new Thread(() -> {
                    try (KafkaShareConsumer<String, String> c = consumer(group, false)) {
                        c.subscribe(List.of(topic));
                        while (!done.get()) {
                            for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(100))) {
                                mine.add(r.value());
                            }
                        }
                    } catch (Throwable e) {
                        failures.add(e);
                    }
                });
                t.start();
                threads.add(t);
            }
            try {
                await().atMost(WAIT).untilAsserted(() -> {
                    assertTrue(failures.isEmpty(), () -> "consumer failed: " + failures);
                    assertEquals(produced.size(), all(received.values()).size());
                });
                try (Admin admin = GroupCompatSupport.admin(server)) {
                    await().atMost(WAIT).untilAsserted(() -> {
                        ShareGroupDescription d = admin.describeShareGroups(List.of(group))
                                .describedGroups()
                                .get(group)
                                .get();
                        assertEquals(members, d.members().size());
                        assertEquals("STABLE", d.groupState().name());
                    });
                }
            } finally {
                done.set(true);
                for (Thread t : threads) {
                    t.join();
                }
            }
            List<String> all = all(received.values());
            assertEquals(produced.size(), all.size(), "no record delivered and accepted twice");
            assertEquals(new HashSet<>(produced), new HashSet<>(all));
        }
    }

    private static List<String> all(Collection<ConcurrentLinkedQueue<String>> queues) {
        List<String> all = new ArrayList<>();
        queues.forEach(all::addAll);
        return all;
    }

    @Test
    void releasedComesBackWithDeliveryCountTwoAndRejectedNever() throws Exception {
        prepare("jobs", "job-workers");
        GroupCompatSupport.produce(server, "jobs", 1, "job", 5);
        Map<String, List<Short>> deliveries = new HashMap<>();
        try (KafkaShareConsumer<String, String> c = consumer("job-workers", true)) {
            c.subscribe(List.of("jobs"));
            Set<String> accepted = new HashSet<>();
            await().atMost(WAIT).until(() -> {
                ConsumerRecords<String, String> records = c.poll(Duration.ofMillis(200));
                for (ConsumerRecord<String, String> r : records) {
                    deliveries
                            .computeIfAbsent(r.value(), k -> new ArrayList<>())
                            .add(r.deliveryCount().orElse((short) -1));
                    int seen = deliveries.get(r.value()).size();
                    if (r.value().equals("job-1") && seen == 1) {
                        c.acknowledge(r, AcknowledgeType.RELEASE);
                    } else if (r.value().equals("job-2")) {
                        c.acknowledge(r, AcknowledgeType.REJECT);
                    } else {
                        c.acknowledge(r, AcknowledgeType.ACCEPT);
                        accepted.add(r.value());
                    }
                }
                c.commitSync();
                return accepted.containsAll(List.of("job-0", "job-1", "job-3", "job-4"));
            });
            // Nothing more comes: job-2 was rejected, everything else accepted.
            for (int i = 0; i < 5; i++) {
                assertTrue(c.poll(Duration.ofMillis(200)).isEmpty());
            }
        }
        assertEquals(List.of((short) 1, (short) 2), deliveries.get("job-1"));
        assertEquals(List.of((short) 1), deliveries.get("job-2"));
        assertEquals(List.of((short) 1), deliveries.get("job-0"));
        assertFalse(deliveries.containsKey("job-5"));
    }

    @Test
    void readCommittedSkipsAbortedTransactions() throws Exception {
        prepare("ledger", "auditors", "share.isolation.level", "read_committed");
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, server.bootstrapServers());
        p.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "ledger-writer");
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
            producer.initTransactions();
            for (String outcome : List.of("commit-a", "abort", "commit-b")) {
                producer.beginTransaction();
                for (int i = 0; i < 3; i++) {
                    producer.send(new ProducerRecord<>("ledger", outcome + "-" + i));
                }
                producer.flush();
                if (outcome.equals("abort")) {
                    producer.abortTransaction();
                } else {
                    producer.commitTransaction();
                }
            }
        }
        List<String> received = new ArrayList<>();
        try (KafkaShareConsumer<String, String> c = consumer("auditors", false)) {
            c.subscribe(List.of("ledger"));
            await().atMost(WAIT).until(() -> {
                c.poll(Duration.ofMillis(200)).forEach(r -> received.add(r.value()));
                return received.size() >= 6;
            });
            for (int i = 0; i < 3; i++) {
                c.poll(Duration.ofMillis(200)).forEach(r -> received.add(r.value()));
            }
        }
        assertEquals(
                List.of("commit-a-0", "commit-a-1", "commit-a-2", "commit-b-0", "commit-b-1", "commit-b-2"), received);
    }

    /** One record, acquired by a consumer that never acknowledges it: another gets it when the lock expires. */
    @Test
    void anExpiredLockRedeliversTheRecordWithTheNextDeliveryCount() throws Exception {
        prepare("leases", "lease-workers", "share.record.lock.duration.ms", "1000");
        GroupCompatSupport.produce(server, "leases", 1, "lease", 1);
        try (KafkaShareConsumer<String, String> holder = consumer("lease-workers", true);
                KafkaShareConsumer<String, String> other = consumer("lease-workers", true)) {
            holder.subscribe(List.of("leases"));
            List<ConsumerRecord<String, String>> held = new ArrayList<>();
            await().atMost(WAIT).until(() -> {
                holder.poll(Duration.ofMillis(200)).forEach(held::add);
                return !held.isEmpty();
            });
            assertEquals((short) 1, held.get(0).deliveryCount().orElseThrow());
            other.subscribe(List.of("leases"));
            List<ConsumerRecord<String, String>> redelivered = new ArrayList<>();
            await().atMost(WAIT).until(() -> {
                ConsumerRecords<String, String> records = other.poll(Duration.ofMillis(200));
                records.forEach(r -> {
                    redelivered.add(r);
                    other.acknowledge(r, AcknowledgeType.ACCEPT);
                });
                other.commitSync();
                return !redelivered.isEmpty();
            });
            assertEquals("lease-0", redelivered.get(0).value());
            assertEquals((short) 2, redelivered.get(0).deliveryCount().orElseThrow());
        }
    }

    /**
     * RENEW (KIP-1222) starts a record's lock again: renewed at each poll of its consumer (which hands the renewed
     * record back), a record locked for 1 s stays with that consumer for over 3 s while another polls, and is then
     * accepted. Everything on this thread: the consumer acknowledges only what its current poll holds.
     */
    @Test
    void renewKeepsTheLockUntilTheRecordIsAccepted() throws Exception {
        prepare("renewals", "renew-workers", "share.record.lock.duration.ms", "1000");
        GroupCompatSupport.produce(server, "renewals", 1, "slow", 1);
        try (KafkaShareConsumer<String, String> slow = consumer("renew-workers", true);
                KafkaShareConsumer<String, String> other = consumer("renew-workers", true)) {
            slow.subscribe(List.of("renewals"));
            List<String> renewed = new ArrayList<>();
            await().atMost(WAIT).pollInSameThread().until(() -> {
                for (ConsumerRecord<String, String> r : slow.poll(Duration.ofMillis(200))) {
                    renewed.add(r.value());
                    slow.acknowledge(r, AcknowledgeType.RENEW);
                }
                slow.commitSync();
                return !renewed.isEmpty();
            });
            other.subscribe(List.of("renewals"));
            for (int i = 0; i < 8; i++) {
                assertTrue(other.poll(Duration.ofMillis(400)).isEmpty(), "renewed record delivered to another");
                AcknowledgeType type = i < 7 ? AcknowledgeType.RENEW : AcknowledgeType.ACCEPT;
                for (ConsumerRecord<String, String> r : slow.poll(Duration.ofMillis(10))) {
                    renewed.add(r.value());
                    slow.acknowledge(r, type);
                }
                slow.commitSync();
            }
            for (int i = 0; i < 5; i++) {
                assertTrue(other.poll(Duration.ofMillis(300)).isEmpty(), "accepted record delivered again");
            }
            assertEquals("slow-0", renewed.get(0));
        }
    }

    /** share.delivery.count.limit=2: a record released on its second delivery is archived, never delivered again. */
    @Test
    void theDeliveryCountLimitArchivesTheRecord() throws Exception {
        prepare("poison", "poison-workers", "share.delivery.count.limit", "2");
        GroupCompatSupport.produce(server, "poison", 1, "poison", 1);
        List<Short> deliveries = new ArrayList<>();
        try (KafkaShareConsumer<String, String> c = consumer("poison-workers", true)) {
            c.subscribe(List.of("poison"));
            await().atMost(WAIT).until(() -> {
                for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(200))) {
                    deliveries.add(r.deliveryCount().orElseThrow());
                    c.acknowledge(r, AcknowledgeType.RELEASE);
                }
                c.commitSync();
                return deliveries.size() == 2;
            });
            for (int i = 0; i < 5; i++) {
                assertTrue(c.poll(Duration.ofMillis(200)).isEmpty(), "archived record delivered again");
            }
            GroupCompatSupport.produce(server, "poison", 1, "fine", 1);
            List<String> after = new ArrayList<>();
            await().atMost(WAIT).until(() -> {
                for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(200))) {
                    after.add(r.value());
                    c.acknowledge(r, AcknowledgeType.ACCEPT);
                }
                c.commitSync();
                return !after.isEmpty();
            });
            assertEquals(List.of("fine-0"), after);
        }
        assertEquals(List.of((short) 1, (short) 2), deliveries);
    }
}
