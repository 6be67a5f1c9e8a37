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
package io.skiff.broker.coordinator;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The replay of one internal-topic partition that holds transactional batches (offsets committed inside
 * transactions): a transaction's records take effect where its COMMIT marker is, are dropped at its ABORT marker,
 * and those of transactions without a marker yet are handed over as open at the end. This is the order in which
 * the live coordinator applied them: a transaction's offsets become the group's when the transaction commits, over
 * any commit made meanwhile.
 *
 * <p>Not thread-safe: one instance per partition replay.
 */
final class TransactionalReplay {
    private final CoordinatorRecordLog.RecordVisitor visitor;
    /** Producer id → the keys and values (null: tombstone) of its open transaction, in log order. */
    private final Map<Long, Map<ByteBuffer, ByteBuffer>> open = new HashMap<>();

    TransactionalReplay(CoordinatorRecordLog.RecordVisitor visitor) {
        this.visitor = visitor;
    }

    /** A record of a non-transactional batch: applied at once. */
    void onRecord(ByteBuffer key, ByteBuffer valueOrNull) {
        visitor.onRecord(key, valueOrNull);
    }

    /** A record of {@code producerId}'s transactional batch: held until the transaction's marker. */
    void onTransactionalRecord(long producerId, ByteBuffer key, ByteBuffer valueOrNull) {
        Map<ByteBuffer, ByteBuffer> records = open.computeIfAbsent(producerId, p -> new LinkedHashMap<>());
        ByteBuffer k = copy(key);
        records.remove(k); // the later record of a key comes later in the order of application too
        records.put(k, valueOrNull == null ? null : copy(valueOrNull));
    }

    /** {@code producerId}'s COMMIT or ABORT marker. */
    void onMarker(long producerId, boolean commit) {
        Map<ByteBuffer, ByteBuffer> records = open.remove(producerId);
        if (commit && records != null) {
            records.forEach(visitor::onRecord);
        }
    }

    /** The end of the partition: the records of transactions still open are handed over as such. */
    void finish() {
        open.forEach((producerId, records) ->
                records.forEach((key, value) -> visitor.onOpenTransactionalRecord(producerId, key, value)));
        open.clear();
    }

    /** The replayed bytes are released after each read: what is held across reads is copied. */
    private static ByteBuffer copy(ByteBuffer b) {
        ByteBuffer c = ByteBuffer.allocate(b.remaining());
        c.put(b.duplicate()).flip();
        return c;
    }
}
