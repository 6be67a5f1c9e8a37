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

import io.skiff.compat.GroupCompatSupport.GroupConsumer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Supplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;

/**
 * One consumer-group scenario on one topic of {@code partitions} partitions: the batches of records produced to it
 * (300 each, values unique by the batch's prefix), what the group's members received, and the waits on both. The
 * members are started through the test's {@link GroupConsumers}, which stops them after the test. Not thread-safe:
 * driven from the test's thread.
 */
final class GroupScenario {
    static final int BATCH = 300;

    private final String bootstrap;
    private final String topic;
    private final int partitions;
    private final Duration wait;
    private final GroupConsumers consumers;
    private final ConcurrentLinkedQueue<String> received = new ConcurrentLinkedQueue<>();
    private final List<String> produced = new ArrayList<>();

    GroupScenario(String bootstrap, String topic, int partitions, Duration wait, GroupConsumers consumers) {
        this.bootstrap = bootstrap;
        this.topic = topic;
        this.partitions = partitions;
        this.wait = wait;
        this.consumers = consumers;
    }

    /** Creates the topic (replication factor 1) with {@code admin}, then produces a first batch to it. */
    void createTopicAndProduce(Admin admin, String prefix) throws Exception {
        admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1)))
                .all()
                .get();
        produce(prefix);
    }

    /** Starts a member with {@code props}. */
    GroupConsumer join(Properties props) {
        return consumers.start(props, topic, received);
    }

    /** Produces a batch of values {@code prefix-i}, round-robin over the partitions. */
    void produce(String prefix) {
        produced.addAll(GroupCompatSupport.produce(bootstrap, topic, partitions, prefix, BATCH));
    }

    /** Waits until the members are healthy and own the partitions once each, evenly. */
    void awaitSettled(GroupConsumer... members) {
        GroupCompatSupport.awaitSettled(topic, partitions, List.of(members), wait);
    }

    /** Waits until the members received every value produced so far. */
    void awaitReceived() {
        GroupCompatSupport.awaitReceived(received, produced, wait);
    }

    /**
     * Three members (each with the properties {@code props} supplies) join one at a time while batches a, b and c
     * are produced; waits after each join until the group settled, and at the end until every value arrived.
     * Returns the members in the order they joined.
     */
    List<GroupConsumer> growToThree(Supplier<Properties> props) {
        produce("a");
        GroupConsumer c1 = join(props.get());
        awaitSettled(c1);
        awaitReceived();

        GroupConsumer c2 = join(props.get());
        produce("b");
        awaitSettled(c1, c2);
        GroupConsumer c3 = join(props.get());
        awaitSettled(c1, c2, c3);
        produce("c");
        awaitReceived();
        return List.of(c1, c2, c3);
    }

    /** Fails unless every produced value was received, and each only once. */
    void assertEachReceivedOnce() {
        Map<String, Long> counts = GroupCompatSupport.countOccurrences(received);
        assertEquals(new HashSet<>(produced), counts.keySet(), "nothing lost");
        counts.forEach((v, n) -> assertEquals(1L, n, "duplicate delivery of " + v));
    }
}
