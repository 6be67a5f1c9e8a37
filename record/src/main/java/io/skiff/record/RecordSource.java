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

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;

/**
 * Hands out a batch's records one body at a time: in place for an uncompressed batch, through the codec's stream
 * into one reused buffer for a compressed one, so that no more than one record of decompressed data is held.
 *
 * <p>Not thread-safe: one source per batch walk.
 */
abstract class RecordSource implements AutoCloseable {
    /** The buffer holding the current record's body between {@link #bodyStart()} and {@link #bodyEnd()}. */
    abstract ByteBuffer buffer();

    abstract int bodyStart();

    abstract int bodyEnd();

    /**
     * Moves to the next record.
     *
     * @throws InvalidRecordException      when the records end early or a length does not fit
     * @throws UndecodableRecordsException when the codec fails
     */
    abstract void next(int recordIndex);

    /** True when bytes remain after the records read so far (a batch holding more than its count says). */
    abstract boolean hasRemaining();

    @Override
    public abstract void close();

    static RecordSource of(RecordBatchView batch, CompressionType codec) {
        ByteBuffer records = batch.buffer()
                .slice(
                        batch.start() + RecordBatchView.RECORDS_OFFSET,
                        batch.sizeInBytes() - RecordBatchView.RECORDS_OFFSET);
        if (codec == CompressionType.NONE) {
            return new InPlace(records);
        }
        try {
            return new Streamed(Codecs.decompress(codec, records), codec);
        } catch (EOFException e) {
            throw new InvalidRecordException(
                    "the " + codec.label() + " data of the batch ends early: " + e.getMessage());
        } catch (IOException | RuntimeException e) {
            throw new UndecodableRecordsException(
                    "the batch's records do not decode as " + codec.label() + ": " + e.getMessage(), e);
        }
    }

    /** Records of an uncompressed batch, read where they are. */
    private static final class InPlace extends RecordSource {
        private final ByteBuffer records;
        private int next;
        private int bodyStart;
        private int bodyEnd;
        private final Varints.Cursor cursor = new Varints.Cursor();

        InPlace(ByteBuffer records) {
            this.records = records;
        }

        @Override
        ByteBuffer buffer() {
            return records;
        }

        @Override
        int bodyStart() {
            return bodyStart;
        }

        @Override
        int bodyEnd() {
            return bodyEnd;
        }

        @Override
        void next(int recordIndex) {
            int end = records.limit();
            if (next >= end) {
                throw new InvalidRecordException(
                        "incorrect declared batch size: the records end before record " + recordIndex);
            }
            int length;
            try {
                length = cursor.varint(records, next, end);
            } catch (CorruptRecordException e) {
                throw RecordBody.invalid(recordIndex, "has an invalid length: " + e.getMessage());
            }
            if (length < 0 || length > end - cursor.next) {
                throw RecordBody.invalid(
                        recordIndex,
                        "announces " + length + " bytes but the batch has " + (end - cursor.next) + " left");
            }
            bodyStart = cursor.next;
            bodyEnd = bodyStart + length;
            next = bodyEnd;
        }

        @Override
        boolean hasRemaining() {
            return next < records.limit();
        }

        @Override
        public void close() {}
    }

    /** Records of a compressed batch, decompressed as a stream, one record at a time. */
    private static final class Streamed extends RecordSource {
        /** Initial size of the reused record buffer; it grows only as far as decompressed data actually arrives. */
        private static final int INITIAL_BUFFER = 4096;

        private final InputStream in;
        private final CompressionType codec;
        private byte[] scratch = new byte[INITIAL_BUFFER];
        private ByteBuffer view = ByteBuffer.wrap(scratch);
        private int bodyEnd;

        Streamed(InputStream in, CompressionType codec) {
            this.in = in;
            this.codec = codec;
        }

        @Override
        ByteBuffer buffer() {
            return view;
        }

        @Override
        int bodyStart() {
            return 0;
        }

        @Override
        int bodyEnd() {
            return bodyEnd;
        }

        @Override
        void next(int recordIndex) {
            try {
                int length = readVarint(recordIndex);
                if (length < 0) {
                    throw RecordBody.invalid(recordIndex, "has a negative length " + length);
                }
                int read = 0;
                while (read < length) {
                    if (read == scratch.length) {
                        grow(length);
                    }
                    int n = in.read(scratch, read, Math.min(length, scratch.length) - read);
                    if (n < 0) {
                        throw RecordBody.invalid(
                                recordIndex,
                                "announces " + length + " bytes but the " + codec.label() + " data holds " + read);
                    }
                    read += n;
                }
                bodyEnd = length;
            } catch (EOFException e) {
                throw new InvalidRecordException("incorrect declared batch size: the " + codec.label()
                        + " data ends early in record " + recordIndex);
            } catch (IOException | RuntimeException e) {
                if (e instanceof InvalidRecordException invalid) {
                    throw invalid;
                }
                throw new UndecodableRecordsException(
                        "the batch's records do not decode as " + codec.label() + ": " + e.getMessage(), e);
            }
        }

        private void grow(int length) {
            byte[] bigger = new byte[(int) Math.min(length, Math.max(2L * scratch.length, INITIAL_BUFFER))];
            System.arraycopy(scratch, 0, bigger, 0, scratch.length);
            scratch = bigger;
            view = ByteBuffer.wrap(scratch);
        }

        private int readVarint(int recordIndex) throws IOException {
            int raw = 0;
            for (int i = 0; i < 5; i++) {
                int b = in.read();
                if (b < 0) {
                    throw new InvalidRecordException("incorrect declared batch size: the " + codec.label()
                            + " data ends before record " + recordIndex);
                }
                raw |= (b & 0x7F) << (7 * i);
                if ((b & 0x80) == 0) {
                    return (raw >>> 1) ^ -(raw & 1);
                }
            }
            throw RecordBody.invalid(recordIndex, "has a length varint longer than 5 bytes");
        }

        @Override
        boolean hasRemaining() {
            try {
                return in.read() >= 0;
            } catch (EOFException e) {
                throw new InvalidRecordException(
                        "the " + codec.label() + " data of the batch ends early after its records");
            } catch (IOException e) {
                throw new UndecodableRecordsException(
                        "the batch's records do not decode as " + codec.label() + ": " + e.getMessage(), e);
            }
        }

        @Override
        public void close() {
            try {
                in.close();
            } catch (IOException e) {
                // Nothing was written; the stream only held native or heap buffers.
            }
        }
    }
}
