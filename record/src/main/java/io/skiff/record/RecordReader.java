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
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * Iterates the records of an uncompressed v2 batch. Each record on the wire is:
 * <pre>
 *  length          varint   bytes that follow
 *  attributes      int8
 *  timestampDelta  varlong  relative to the batch's baseTimestamp
 *  offsetDelta     varint   relative to the batch's baseOffset
 *  keyLength       varint   -1 = null key
 *  key             bytes
 *  valueLength     varint   -1 = null value
 *  value           bytes
 *  headerCount     varint
 *  headers         headerKeyLength varint, headerKey UTF-8, headerValueLength varint (-1 = null), value
 * </pre>
 * Keys, values and header values are slices of the batch buffer (no copy). Every length is
 * checked against the record's and the batch's bounds; a violation throws
 * {@link CorruptRecordException}, as does a record count that disagrees with the batch header.
 *
 * <p>Thread-safety: not thread-safe; one reader per thread.
 */
public final class RecordReader implements Iterator<Record> {
    private final ByteBuffer buffer;
    private final long baseOffset;
    private final long baseTimestamp;
    private final Long logAppendTime;
    private final int expectedCount;
    private final int end;
    private int next;
    private int read;

    /**
     * A reader over {@code batch}'s records.
     *
     * @throws IllegalArgumentException when the batch is compressed (see {@link BatchDecompressor})
     * @throws CorruptRecordException   when the batch is not a well-formed v2 batch
     */
    public RecordReader(RecordBatchView batch) {
        if (batch.magic() != RecordBatchView.MAGIC_V2 || batch.sizeInBytes() < RecordBatchView.HEADER_SIZE) {
            throw new CorruptRecordException("not a v2 record batch: " + batch);
        }
        if (batch.compressionType() != CompressionType.NONE) {
            throw new IllegalArgumentException(
                    "cannot read records of a " + batch.compressionType().label()
                            + "-compressed batch; only uncompressed batches are read by the broker");
        }
        this.buffer = batch.buffer();
        this.baseOffset = batch.baseOffset();
        this.baseTimestamp = batch.baseTimestamp();
        this.logAppendTime = batch.timestampType() == TimestampType.LOG_APPEND_TIME ? batch.maxTimestamp() : null;
        this.expectedCount = batch.recordCount();
        this.next = batch.start() + RecordBatchView.RECORDS_OFFSET;
        this.end = batch.start() + batch.sizeInBytes();
        if (expectedCount < 0) {
            throw new CorruptRecordException("negative record count " + expectedCount);
        }
    }

    /** All records of {@code batch}, decoded eagerly. */
    public static List<Record> readAll(RecordBatchView batch) {
        List<Record> records = new ArrayList<>(Math.max(0, Math.min(batch.recordCount(), 1024)));
        new RecordReader(batch).forEachRemaining(records::add);
        return records;
    }

    @Override
    public boolean hasNext() {
        if (read < expectedCount) {
            return true;
        }
        if (next != end) {
            throw new CorruptRecordException(
                    "record batch holds " + (end - next) + " bytes after its " + expectedCount + " records");
        }
        return false;
    }

    @Override
    public Record next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        if (next >= end) {
            throw new CorruptRecordException(
                    "record batch announces " + expectedCount + " records but holds only " + read);
        }
        Varints.Read length = Varints.readVarint(buffer, next, end);
        int recordEnd = length.next() + (int) length.value();
        if (length.value() < 1 || recordEnd > end || recordEnd < length.next()) {
            throw new CorruptRecordException("record " + read + " has invalid length " + length.value());
        }
        int i = length.next();
        byte attributes = buffer.get(i++);
        Varints.Read timestampDelta = Varints.readVarlong(buffer, i, recordEnd);
        Varints.Read offsetDelta = Varints.readVarint(buffer, timestampDelta.next(), recordEnd);
        i = offsetDelta.next();
        Varints.Read keyLength = Varints.readVarint(buffer, i, recordEnd);
        ByteBuffer key = slice(keyLength, recordEnd, "key");
        i = keyLength.next() + Math.max(0, (int) keyLength.value());
        Varints.Read valueLength = Varints.readVarint(buffer, i, recordEnd);
        ByteBuffer value = slice(valueLength, recordEnd, "value");
        i = valueLength.next() + Math.max(0, (int) valueLength.value());
        Varints.Read headerCount = Varints.readVarint(buffer, i, recordEnd);
        i = headerCount.next();
        if (headerCount.value() < 0) {
            throw new CorruptRecordException("record " + read + " has negative header count " + headerCount.value());
        }
        List<Header> headers = new ArrayList<>((int) Math.min(headerCount.value(), 16));
        for (long h = 0; h < headerCount.value(); h++) {
            Varints.Read headerKeyLength = Varints.readVarint(buffer, i, recordEnd);
            ByteBuffer headerKey = slice(headerKeyLength, recordEnd, "header key");
            if (headerKey == null) {
                throw new CorruptRecordException("record " + read + " has a header with a null key");
            }
            i = headerKeyLength.next() + (int) headerKeyLength.value();
            Varints.Read headerValueLength = Varints.readVarint(buffer, i, recordEnd);
            ByteBuffer headerValue = slice(headerValueLength, recordEnd, "header value");
            i = headerValueLength.next() + Math.max(0, (int) headerValueLength.value());
            headers.add(new Header(StandardCharsets.UTF_8.decode(headerKey).toString(), headerValue));
        }
        if (i != recordEnd) {
            throw new CorruptRecordException("record " + read + " length " + length.value()
                    + " disagrees with its content (" + (i - length.next()) + " bytes)");
        }
        next = recordEnd;
        read++;
        long timestamp = logAppendTime != null ? logAppendTime : baseTimestamp + timestampDelta.value();
        return new Record(baseOffset + (int) offsetDelta.value(), timestamp, attributes, key, value, headers);
    }

    /** Slice of {@code length.value()} bytes after the length field; null for length -1. */
    private ByteBuffer slice(Varints.Read length, int recordEnd, String what) {
        long n = length.value();
        if (n == -1) {
            return null;
        }
        if (n < -1 || length.next() + n > recordEnd) {
            throw new CorruptRecordException("record " + read + " has invalid " + what + " length " + n);
        }
        return buffer.slice(length.next(), (int) n).asReadOnlyBuffer();
    }
}
