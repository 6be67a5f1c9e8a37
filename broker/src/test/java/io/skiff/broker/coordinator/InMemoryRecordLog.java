package io.skiff.broker.coordinator;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/** A {@link CoordinatorRecordLog} kept in memory, shared across coordinator "restarts" in tests. Thread-safe. */
public final class InMemoryRecordLog implements CoordinatorRecordLog {
    private final int partitions;
    private final List<List<KeyValue>> logs = new ArrayList<>();
    public volatile boolean failAppends;

    public InMemoryRecordLog(int partitions) {
        this.partitions = partitions;
        for (int i = 0; i < partitions; i++) {
            logs.add(new ArrayList<>());
        }
    }

    @Override
    public int partitionCount() {
        return partitions;
    }

    @Override
    public synchronized void append(int partition, List<KeyValue> records, long timestamp) throws IOException {
        if (failAppends) {
            throw new IOException("disk full (test)");
        }
        logs.get(partition).addAll(records);
    }

    @Override
    public synchronized void replay(RecordVisitor visitor) {
        for (List<KeyValue> log : logs) {
            for (KeyValue kv : log) {
                visitor.onRecord(ByteBuffer.wrap(kv.key()), kv.value() == null ? null : ByteBuffer.wrap(kv.value()));
            }
        }
    }

    public synchronized int recordCount() {
        return logs.stream().mapToInt(List::size).sum();
    }

    public synchronized List<KeyValue> partition(int p) {
        return new ArrayList<>(logs.get(p));
    }
}
