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
package io.skiff.storage.producer;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * Kafka's producer snapshot layout (version 1), so Kafka's tools can read Skiff's {@code .snapshot} files:
 * <pre>
 *   version          int16   1
 *   crc              uint32  CRC-32C of everything after this field
 *   entry count      int32
 *   per producer:    producerId int64, epoch int16, lastSequence int32, lastOffset int64, offsetDelta int32,
 *                    timestamp int64, coordinatorEpoch int32, currentTxnFirstOffset int64 (-1 if none)
 * </pre>
 * Big-endian. Only a producer's last batch is kept (as in Kafka), so after a restart a retry of that batch is still
 * recognised. Stateless; thread-safe.
 */
public final class ProducerSnapshotFormat {
    static final short VERSION = 1;
    private static final int CRC_OFFSET = 2;
    private static final int ENTRIES_OFFSET = 6;
    private static final int ENTRY_SIZE = 8 + 2 + 4 + 8 + 4 + 8 + 4 + 8;

    private ProducerSnapshotFormat() {}

    public static ByteBuffer encode(Collection<ProducerStateEntry> entries) {
        ByteBuffer buf = ByteBuffer.allocate(ENTRIES_OFFSET + 4 + entries.size() * ENTRY_SIZE);
        buf.putShort(VERSION);
        buf.putInt(0);
        buf.putInt(entries.size());
        for (ProducerStateEntry e : entries) {
            List<BatchMetadata> batches = e.batches();
            BatchMetadata last = batches.isEmpty() ? null : batches.get(batches.size() - 1);
            buf.putLong(e.producerId());
            buf.putShort(e.epoch());
            buf.putInt(last == null ? ProducerStateEntry.NO_SEQUENCE : last.lastSequence());
            buf.putLong(last == null ? ProducerStateEntry.NO_OFFSET : last.lastOffset());
            buf.putInt(last == null ? 0 : (int) (last.lastOffset() - last.firstOffset()));
            buf.putLong(e.lastTimestamp());
            buf.putInt(e.coordinatorEpoch());
            buf.putLong(e.currentTxnFirstOffset());
        }
        buf.flip();
        buf.putInt(CRC_OFFSET, (int) crc(buf));
        return buf;
    }

    /** Decodes a snapshot; throws {@link CorruptSnapshotException} for anything but a whole, valid file. */
    public static List<ProducerStateEntry> decode(ByteBuffer buf) {
        try {
            short version = buf.getShort(0);
            if (version != VERSION) {
                throw new CorruptSnapshotException("unknown snapshot version " + version);
            }
            long stored = Integer.toUnsignedLong(buf.getInt(CRC_OFFSET));
            long computed = crc(buf);
            if (stored != computed) {
                throw new CorruptSnapshotException("CRC-32C mismatch: stored " + Long.toHexString(stored)
                        + ", computed " + Long.toHexString(computed));
            }
            int count = buf.getInt(ENTRIES_OFFSET);
            if (count < 0 || buf.limit() != ENTRIES_OFFSET + 4 + (long) count * ENTRY_SIZE) {
                throw new CorruptSnapshotException("snapshot of " + buf.limit() + " bytes cannot hold " + count
                        + " entries of " + ENTRY_SIZE + " bytes");
            }
            ByteBuffer in = buf.duplicate().position(ENTRIES_OFFSET + 4);
            List<ProducerStateEntry> entries = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                long producerId = in.getLong();
                short epoch = in.getShort();
                int lastSeq = in.getInt();
                long lastOffset = in.getLong();
                int offsetDelta = in.getInt();
                long timestamp = in.getLong();
                int coordinatorEpoch = in.getInt();
                long txnFirstOffset = in.getLong();
                BatchMetadata last = lastOffset < 0
                        ? null
                        : new BatchMetadata(
                                ProducerBatch.firstSequence(lastSeq, offsetDelta),
                                lastSeq,
                                lastOffset - offsetDelta,
                                lastOffset,
                                timestamp);
                entries.add(ProducerStateEntry.restored(
                        producerId,
                        epoch,
                        coordinatorEpoch,
                        timestamp,
                        txnFirstOffset < 0 ? -1 : txnFirstOffset,
                        last));
            }
            return entries;
        } catch (IndexOutOfBoundsException | BufferUnderflowException e) {
            throw new CorruptSnapshotException("snapshot of " + buf.limit() + " bytes is truncated");
        }
    }

    private static long crc(ByteBuffer buf) {
        CRC32C crc = new CRC32C();
        ByteBuffer covered = buf.duplicate();
        covered.position(Math.min(ENTRIES_OFFSET, covered.limit()));
        crc.update(covered);
        return crc.getValue();
    }
}
