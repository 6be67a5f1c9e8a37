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

/**
 * Parses one record's body (everything after its length varint, layout in {@link RecordReader}) without copying
 * anything: checks every length against the body's end and keeps what validation needs.
 *
 * <p>Not thread-safe: one instance is reused for every record of a walk.
 */
final class RecordBody {
    byte attributes;
    long timestampDelta;
    int offsetDelta;
    boolean hasKey;
    int keyLength;
    int valueLength;
    /** Absolute index of the key length field: key, value and headers from here on are copied as they are. */
    int keyLengthIndex;

    /**
     * Parses the body in {@code buf} between absolute indexes {@code start} and {@code end}.
     *
     * @throws InvalidRecordException when a field runs past the body, a length is negative where it may not be, or
     *                                the fields do not fill the body exactly
     */
    void parse(ByteBuffer buf, int start, int end, int recordIndex) {
        try {
            if (start >= end) {
                throw invalid(recordIndex, "is empty");
            }
            attributes = buf.get(start);
            Varints.Read ts = Varints.readVarlong(buf, start + 1, end);
            timestampDelta = ts.value();
            Varints.Read offset = Varints.readVarint(buf, ts.next(), end);
            offsetDelta = (int) offset.value();
            keyLengthIndex = offset.next();
            Varints.Read keyLength = Varints.readVarint(buf, keyLengthIndex, end);
            hasKey = keyLength.value() >= 0;
            this.keyLength = (int) keyLength.value();
            int i = skip(keyLength, end, recordIndex, "key");
            Varints.Read valueLength = Varints.readVarint(buf, i, end);
            this.valueLength = (int) valueLength.value();
            i = skip(valueLength, end, recordIndex, "value");
            Varints.Read headerCount = Varints.readVarint(buf, i, end);
            if (headerCount.value() < 0) {
                throw invalid(recordIndex, "has a negative header count " + headerCount.value());
            }
            if (headerCount.value() > end - headerCount.next()) {
                throw invalid(
                        recordIndex,
                        "announces " + headerCount.value() + " headers in " + (end - headerCount.next()) + " bytes");
            }
            i = headerCount.next();
            for (long h = 0; h < headerCount.value(); h++) {
                Varints.Read headerKeyLength = Varints.readVarint(buf, i, end);
                if (headerKeyLength.value() < 0) {
                    throw invalid(recordIndex, "has a header with a negative key length " + headerKeyLength.value());
                }
                i = skip(headerKeyLength, end, recordIndex, "header key");
                i = skip(Varints.readVarint(buf, i, end), end, recordIndex, "header value");
            }
            if (i != end) {
                throw invalid(recordIndex, "has " + (end - i) + " bytes after its last header");
            }
        } catch (CorruptRecordException e) {
            // A varint that runs past the body or exceeds its width: Kafka's "invalid record structure".
            throw invalid(recordIndex, "has an invalid structure: " + e.getMessage());
        }
    }

    /** The index after a length-prefixed field; -1 (null) takes no bytes. */
    private static int skip(Varints.Read length, int end, int recordIndex, String what) {
        long n = length.value();
        if (n < -1 || length.next() + Math.max(0, n) > end) {
            throw invalid(recordIndex, "has an invalid " + what + " length " + n);
        }
        return length.next() + (int) Math.max(0, n);
    }

    static InvalidRecordException invalid(int recordIndex, String what) {
        return new InvalidRecordException("record " + recordIndex + " of the batch " + what);
    }
}
