package io.skiff.compat;

import static io.skiff.compat.DataCompatSupport.consumer;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.skiff.broker.SkiffServer;
import io.skiff.record.ControlRecords;
import io.skiff.record.RecordBatchBuilder;
import io.skiff.storage.Log;
import io.skiff.storage.LogConfig;
import io.skiff.storage.producer.AppendOrigin;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The official Java consumer reads a partition holding committed, aborted and open transactions the way Kafka
 * serves it: read_committed stops at the last stable offset and, from the aborted transactions the fetch returns,
 * drops the aborted records; read_uncommitted sees every record. The transactional batches and markers are written
 * into the partition's log with the record builder (there is no transaction coordinator yet), then the broker is
 * started on that data, so the partition's producer state also comes back from its snapshot.
 */
class ReadCommittedCompatTest {
    private static final TopicPartition TP = new TopicPartition("txn", 0);
    private static final long COMMITTED = 1000L;
    private static final long ABORTED = 2000L;

    @TempDir
    Path dir;

    private SkiffServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static ByteBuffer data(long producerId, int sequence, String... values) {
        RecordBatchBuilder b = new RecordBatchBuilder(0, 1_000L).partitionLeaderEpoch(0);
        if (producerId >= 0) {
            b.producer(producerId, (short) 0, sequence).transactional(true);
        }
        for (String v : values) {
            b.add(1_000L, null, v.getBytes(StandardCharsets.UTF_8));
        }
        return b.build();
    }

    private static ByteBuffer marker(long producerId, boolean commit) {
        return ControlRecords.endTransactionMarker(0, 2_000L, producerId, (short) 0, commit, 0);
    }

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
    void readCommittedSkipsAbortedRecordsAndStopsAtTheLastStableOffset() throws Exception {
        server = SkiffServer.builder().port(0).dataDir(dir).start();
        server.createTopic(TP.topic(), 1);
        server.close();
        server = null;

        try (Log log = Log.open(dir.resolve("txn-0"), LogConfig.defaults(), Clock.systemUTC(), null)) {
            log.append(data(-1, 0, "a")); // 0
            log.append(data(COMMITTED, 0, "c1", "c2")); // 1-2
            log.append(data(ABORTED, 0, "x1")); // 3
            log.append(marker(COMMITTED, true), AppendOrigin.COORDINATOR); // 4
            log.append(marker(ABORTED, false), AppendOrigin.COORDINATOR); // 5
            log.append(data(-1, 0, "b")); // 6
            log.append(data(COMMITTED, 2, "open")); // 7: a transaction left open
            log.append(data(-1, 0, "after")); // 8
            assertEquals(7, log.lastStableOffset());
        }

        server = SkiffServer.builder().port(0).dataDir(dir).start();
        String bootstrap = server.bootstrapServers();
        try (KafkaConsumer<String, String> committed =
                consumer(bootstrap, ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed")) {
            assertEquals(Map.of(TP, 7L), committed.endOffsets(List.of(TP)), "latest offset is the LSO");
            assertEquals(List.of("a", "c1", "c2", "b"), readUntilPosition(committed, 7));
            assertEquals(7, committed.position(TP));
        }
        try (KafkaConsumer<String, String> uncommitted =
                consumer(bootstrap, ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_uncommitted")) {
            assertEquals(Map.of(TP, 9L), uncommitted.endOffsets(List.of(TP)));
            assertEquals(List.of("a", "c1", "c2", "x1", "b", "open", "after"), readUntilPosition(uncommitted, 9));
        }
    }
}
