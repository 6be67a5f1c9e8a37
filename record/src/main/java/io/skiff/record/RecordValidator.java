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
package io.skiff.record;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * Validates the batches of a client's produce the way Kafka 4.1's broker does (its {@code
 * UnifiedLog.analyzeAndValidateRecords} and {@code LogValidator}), in one walk that also gathers each batch's
 * {@link ValidatedBatch}:
 * <ol>
 *   <li>framing and magic 2, size against {@code max.message.bytes}, CRC-32C, base offset 0;</li>
 *   <li>offset range, record count and the two agreeing; no control batch; a sequence when there is a producer id;</li>
 *   <li>every record, decompressed as a stream when the batch is compressed: length, every field inside it, the
 *       count of records equal to the header's and nothing after them;</li>
 *   <li>topic rules per record (a key on compacted topics, the CreateTime range), collected as Kafka's
 *       {@code record_errors};</li>
 * </ol>
 * A batch whose max timestamp field disagrees with its records is corrected in place; a batch is rebuilt when the
 * topic's {@code compression.type} names another codec, or when its offset deltas are not 0..n-1 (Kafka rebuilds
 * such compressed batches; rebuilding uncompressed ones too keeps every stored batch readable).
 *
 * <p>Stateless; thread-safe. Each call works on its own buffer.
 */
public final class RecordValidator {
    private RecordValidator() {}

    /**
     * Validates every batch between {@code batches}' position and limit.
     *
     * @param fromClient     true for a producer's batches; the broker's own (coordinators, transaction markers) skip
     *                       Kafka's client-only batch rules (base offset 0, count checks, no control batches)
     * @param topicPartition the partition's name as Kafka spells it in messages ({@code topic-partition})
     * @param now            the broker's clock, for the timestamp range
     * @return the batches to store, with their metadata; the buffer is {@code batches} unless a batch was rebuilt
     * @throws CorruptRecordException       bad framing, magic or CRC
     * @throws RecordTooLargeException      a batch above {@code rules.maxBatchBytes()}
     * @throws InvalidRecordException       a batch or record that breaks the format
     * @throws RecordValidationException    records that break the topic's rules
     * @throws UndecodableRecordsException  compressed data the named codec does not decode
     */
    public static ValidatedBatches validate(
            ByteBuffer batches, ValidationRules rules, boolean fromClient, String topicPartition, long now) {
        ValidatedBatches framed = ValidatedBatches.checkHeaders(batches, rules.maxBatchBytes());
        List<ByteBuffer> rebuilt = null;
        for (int i = 0; i < framed.count(); i++) {
            RecordBatchView view = framed.view(i);
            if (fromClient) {
                checkBatch(view, topicPartition);
            }
            ByteBuffer replacement = checkRecords(view, rules, topicPartition, now);
            if (replacement != null && rebuilt == null) {
                rebuilt = new ArrayList<>(framed.count());
                for (int j = 0; j < i; j++) {
                    rebuilt.add(framed.view(j).slice());
                }
            }
            if (rebuilt != null) {
                rebuilt.add(replacement != null ? replacement : view.slice());
            }
        }
        if (rebuilt == null) {
            // The walk may have corrected max timestamps in place: metadata is read again from the headers.
            return framed.reread();
        }
        int size = 0;
        for (ByteBuffer b : rebuilt) {
            size += b.remaining();
        }
        ByteBuffer joined = ByteBuffer.allocate(size);
        for (ByteBuffer b : rebuilt) {
            joined.put(b);
        }
        joined.flip();
        // As Kafka: a batch that grew in recompression is held to max.message.bytes too.
        return ValidatedBatches.checkHeaders(joined, rules.maxBatchBytes());
    }

    /** Kafka's batch-level rules for client appends (its messages, for the broker's log). */
    private static void checkBatch(RecordBatchView batch, String tp) {
        if (batch.baseOffset() != 0) {
            throw new InvalidRecordException("The baseOffset of the record batch in the append to " + tp
                    + " should be 0, but it is " + batch.baseOffset());
        }
        long countFromOffsets = batch.lastOffsetDelta() + 1L;
        if (countFromOffsets <= 0) {
            throw new InvalidRecordException("Batch has an invalid offset range: [" + batch.baseOffset() + ", "
                    + batch.lastOffset() + "] in topic partition " + tp);
        }
        if (batch.recordCount() <= 0) {
            throw new InvalidRecordException(
                    "Invalid reported count for record batch: " + batch.recordCount() + " in topic partition " + tp);
        }
        if (countFromOffsets != batch.recordCount()) {
            throw new InvalidRecordException("Inconsistent batch offset range [" + batch.baseOffset() + ", "
                    + batch.lastOffset() + "] and count of records " + batch.recordCount() + " in topic partition "
                    + tp);
        }
        if (batch.isControl()) {
            throw new InvalidRecordException(
                    "Clients are not allowed to write control records in topic partition " + tp);
        }
        if (batch.hasProducerId() && batch.baseSequence() < 0) {
            throw new InvalidRecordException("Invalid sequence number " + batch.baseSequence()
                    + " in record batch with producerId " + batch.producerId() + " in topic partition " + tp);
        }
    }

    /** Walks the records; returns a rebuilt batch, or null when the batch is stored as sent. */
    private static ByteBuffer checkRecords(RecordBatchView batch, ValidationRules rules, String tp, long now) {
        CompressionType source;
        try {
            source = batch.compressionType();
        } catch (CorruptRecordException e) {
            throw new UndecodableRecordsException(e.getMessage(), e);
        }
        // As Kafka: control batches are only compressed when they were written compressed.
        CompressionType target =
                rules.targetCompression() == null || (batch.isControl() && source == CompressionType.NONE)
                        ? source
                        : rules.targetCompression();
        boolean logAppendTimeBatch = batch.timestampType() == TimestampType.LOG_APPEND_TIME;
        RecordBody body = new RecordBody();
        List<RecordValidationException.RecordError> errors = List.of();
        boolean timestampError = false;
        boolean offsetsInOrder = true;
        long maxTimestamp = RecordBatchView.NO_TIMESTAMP;
        BatchRebuilder rebuilder = target != source ? new BatchRebuilder(batch, target) : null;
        int count = batch.recordCount();
        try (RecordSource records = RecordSource.of(batch, source)) {
            for (int i = 0; i < count; i++) {
                records.next(i);
                ByteBuffer buf = records.buffer();
                body.parse(buf, records.bodyStart(), records.bodyEnd(), i);
                long offset = batch.baseOffset() + body.offsetDelta;
                long timestamp =
                        logAppendTimeBatch ? batch.maxTimestamp() : batch.baseTimestamp() + body.timestampDelta;
                String error = null;
                boolean isTimestampError = false;
                if (rules.keysRequired() && !body.hasKey) {
                    error = "Compacted topic cannot accept message without key in topic partition " + tp;
                } else if (rules.timestampType() == TimestampType.CREATE_TIME
                        && timestamp != RecordBatchView.NO_TIMESTAMP) {
                    long diff = now - timestamp;
                    if (diff > rules.timestampBeforeMaxMs() || -diff > rules.timestampAfterMaxMs()) {
                        error = "Timestamp " + timestamp + " of message with offset " + offset
                                + " is out of range. The timestamp should be within ["
                                + (now - rules.timestampBeforeMaxMs()) + ", " + (now + rules.timestampAfterMaxMs())
                                + "]";
                        isTimestampError = true;
                    }
                } else if (logAppendTimeBatch) {
                    error = "Invalid timestamp type in message DefaultRecord(offset=" + offset + ", timestamp="
                            + timestamp + ", key=" + Math.max(0, body.keyLength) + " bytes, value="
                            + Math.max(0, body.valueLength)
                            + " bytes). Producer should not set timestamp type to LogAppendTime.";
                    isTimestampError = true;
                }
                if (error != null) {
                    if (errors.isEmpty()) {
                        errors = new ArrayList<>();
                    }
                    errors.add(new RecordValidationException.RecordError(i, error));
                    timestampError |= isTimestampError;
                    continue;
                }
                maxTimestamp = Math.max(maxTimestamp, timestamp);
                if (body.offsetDelta != i && offsetsInOrder) {
                    offsetsInOrder = false;
                    if (rebuilder == null) {
                        rebuilder = replay(batch, source, target, i);
                    }
                }
                if (rebuilder != null) {
                    rebuilder.add(buf, records.bodyStart(), records.bodyEnd(), body);
                }
            }
            if (records.hasRemaining()) {
                throw new InvalidRecordException(
                        "Incorrect declared batch size, records still remaining in file (batch of " + count
                                + " records in topic partition " + tp + ")");
            }
        }
        if (!errors.isEmpty()) {
            throw recordErrors(errors, timestampError);
        }
        if (rebuilder != null) {
            return rebuilder.finish(logAppendTimeBatch ? batch.maxTimestamp() : maxTimestamp);
        }
        if (!logAppendTimeBatch && batch.maxTimestamp() != maxTimestamp) {
            // Kafka sets the header's max timestamp from the records: the time index must not trust the producer.
            batch.buffer().putLong(batch.start() + RecordBatchView.MAX_TIMESTAMP_OFFSET, maxTimestamp);
            batch.updateCrc();
        }
        return null;
    }

    /** A rebuilder holding records 0..upTo-1 of {@code batch} again (their deltas were in order). */
    private static BatchRebuilder replay(
            RecordBatchView batch, CompressionType source, CompressionType target, int upTo) {
        BatchRebuilder rebuilder = new BatchRebuilder(batch, target);
        RecordBody body = new RecordBody();
        try (RecordSource records = RecordSource.of(batch, source)) {
            for (int i = 0; i < upTo; i++) {
                records.next(i);
                body.parse(records.buffer(), records.bodyStart(), records.bodyEnd(), i);
                rebuilder.add(records.buffer(), records.bodyStart(), records.bodyEnd(), body);
            }
        }
        return rebuilder;
    }

    private static RecordValidationException recordErrors(
            List<RecordValidationException.RecordError> errors, boolean timestampError) {
        if (timestampError) {
            return new RecordValidationException(
                    true, "One or more records have been rejected due to invalid timestamp", errors);
        }
        return new RecordValidationException(
                false,
                "One or more records have been rejected due to " + errors.size()
                        + " record errors in total, and only showing the first three errors at most: "
                        + errors.subList(0, Math.min(errors.size(), 3)),
                errors);
    }
}
