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

import static io.skiff.compat.DataCompatSupport.consumer;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.Lifecycle;
import io.skiff.testkit.Skiff;
import io.skiff.testkit.SkiffBroker;
import io.skiff.testkit.SkiffTopic;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/**
 * The official Java consumer reads a partition holding committed, aborted and open transactions the way Kafka
 * serves it: read_committed stops at the last stable offset and, from the aborted transactions the fetch returns,
 * drops the aborted records; read_uncommitted sees every record. The partition is written by
 * {@link TransactionalPartitionFixture} while the broker is stopped, then the broker is started on that data, so the
 * partition's producer state also comes back from its snapshot.
 */
@Skiff(lifecycle = Lifecycle.PER_METHOD, topics = @SkiffTopic(name = "txn", partitions = 1))
class ReadCommittedCompatTest {
    private static final TopicPartition TP = new TopicPartition("txn", 0);

    private static List<String> readUntilPosition(KafkaConsumer<String, String> consumer, long position) {
        consumer.assign(List.of(TP));
        consumer.seekToBeginning(List.of(TP));
        List<String> values = new ArrayList<>();
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(100))) {
                values.add(r.value());
            }
            return consumer.position(TP) >= position;
        });
        // One more poll: nothing beyond the position may arrive.
        consumer.poll(Duration.ofMillis(300)).forEach(r -> values.add(r.value()));
        return values;
    }

    @Test
    void readCommittedSkipsAbortedRecordsAndStopsAtTheLastStableOffset(SkiffBroker broker) throws Exception {
        SkiffServer server = broker.restart(dir -> TransactionalPartitionFixture.write(dir.resolve("txn-0")));
        String bootstrap = server.bootstrapServers();
        try (KafkaConsumer<String, String> committed =
                consumer(bootstrap, ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed")) {
            long lso = TransactionalPartitionFixture.LAST_STABLE_OFFSET;
            assertEquals(Map.of(TP, lso), committed.endOffsets(List.of(TP)), "latest offset is the LSO");
            assertEquals(TransactionalPartitionFixture.COMMITTED, readUntilPosition(committed, lso));
            assertEquals(lso, committed.position(TP));
        }
        try (KafkaConsumer<String, String> uncommitted =
                consumer(bootstrap, ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_uncommitted")) {
            assertEquals(Map.of(TP, 9L), uncommitted.endOffsets(List.of(TP)));
            assertEquals(List.of("a", "c1", "c2", "x1", "b", "open", "after"), readUntilPosition(uncommitted, 9));
        }
    }
}
