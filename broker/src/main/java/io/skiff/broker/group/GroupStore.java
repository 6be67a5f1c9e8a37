package io.skiff.broker.group;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the coordinator's records to the {@link GroupRecordLog} on a dedicated writer (one thread in
 * production), in submission order. Callers submit while holding the group's lock — submitting never
 * blocks — so a group's records reach the log in the order its state changed, and no lock is held
 * while the disk is written. Thread-safe.
 */
final class GroupStore {
    private static final Logger log = LoggerFactory.getLogger(GroupStore.class);

    private final GroupRecordLog recordLog;
    private final Executor writer;

    GroupStore(GroupRecordLog recordLog, Executor writer) {
        this.recordLog = recordLog;
        this.writer = writer;
    }

    /** The offsets-topic partition of a group, as Kafka computes it. */
    int partitionFor(String groupId) {
        int h = groupId.hashCode();
        return (h == Integer.MIN_VALUE ? 0 : Math.abs(h)) % recordLog.partitionCount();
    }

    /** Appends the records for {@code groupId}; the future completes (on the writer) once they are in the log. */
    CompletableFuture<Void> append(String groupId, List<GroupRecordLog.KeyValue> records, long timestamp) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        if (records.isEmpty()) {
            done.complete(null);
            return done;
        }
        int partition = partitionFor(groupId);
        try {
            writer.execute(() -> {
                try {
                    recordLog.append(partition, records, timestamp);
                    done.complete(null);
                } catch (Exception | Error e) {
                    log.warn(
                            "Failed to append {} records of group {} to __consumer_offsets-{}",
                            records.size(),
                            groupId,
                            partition,
                            e);
                    done.completeExceptionally(e);
                }
            });
        } catch (RuntimeException rejected) {
            done.completeExceptionally(rejected);
        }
        return done;
    }
}
