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

    private final Varints.Cursor cursor = new Varints.Cursor();

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
            Varints.Cursor at = cursor;
            timestampDelta = at.varlong(buf, start + 1, end);
            offsetDelta = at.varint(buf, at.next, end);
            keyLengthIndex = at.next;
            keyLength = at.varint(buf, keyLengthIndex, end);
            hasKey = keyLength >= 0;
            int i = skip(keyLength, at.next, end, recordIndex, "key");
            valueLength = at.varint(buf, i, end);
            i = skip(valueLength, at.next, end, recordIndex, "value");
            int headerCount = at.varint(buf, i, end);
            if (headerCount < 0) {
                throw invalid(recordIndex, "has a negative header count " + headerCount);
            }
            if (headerCount > end - at.next) {
                throw invalid(recordIndex, "announces " + headerCount + " headers in " + (end - at.next) + " bytes");
            }
            i = at.next;
            for (int h = 0; h < headerCount; h++) {
                int headerKeyLength = at.varint(buf, i, end);
                if (headerKeyLength < 0) {
                    throw invalid(recordIndex, "has a header with a negative key length " + headerKeyLength);
                }
                i = skip(headerKeyLength, at.next, end, recordIndex, "header key");
                int headerValueLength = at.varint(buf, i, end);
                i = skip(headerValueLength, at.next, end, recordIndex, "header value");
            }
            if (i != end) {
                throw invalid(recordIndex, "has " + (end - i) + " bytes after its last header");
            }
        } catch (CorruptRecordException e) {
            // A varint that runs past the body or exceeds its width: Kafka's "invalid record structure".
            throw invalid(recordIndex, "has an invalid structure: " + e.getMessage());
        }
    }

    /** The index after a field of {@code length} bytes starting at {@code from}; -1 (null) takes no bytes. */
    private static int skip(int length, int from, int end, int recordIndex, String what) {
        if (length < -1 || from + (long) Math.max(0, length) > end) {
            throw invalid(recordIndex, "has an invalid " + what + " length " + length);
        }
        return from + Math.max(0, length);
    }

    static InvalidRecordException invalid(int recordIndex, String what) {
        return new InvalidRecordException("record " + recordIndex + " of the batch " + what);
    }
}
