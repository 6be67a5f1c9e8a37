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

/**
 * The compression codec of a record batch: bits 0-2 of the batch attributes. The codecs themselves are in
 * {@link Codecs}.
 *
 * <p>Thread-safety: immutable enum, safe to share.
 */
public enum CompressionType {
    NONE(0, "none"),
    GZIP(1, "gzip"),
    SNAPPY(2, "snappy"),
    LZ4(3, "lz4"),
    ZSTD(4, "zstd");

    private final int id;
    private final String label;

    CompressionType(int id, String label) {
        this.id = id;
        this.label = label;
    }

    /** The codec's id in the batch attributes. */
    public int id() {
        return id;
    }

    /** The codec's name as Kafka's {@code compression.type} setting spells it. */
    public String label() {
        return label;
    }

    /**
     * Looks a codec up by its attribute id.
     *
     * @throws CorruptRecordException for ids 5-7, which no Kafka version defines
     */
    public static CompressionType forId(int id) {
        return switch (id) {
            case 0 -> NONE;
            case 1 -> GZIP;
            case 2 -> SNAPPY;
            case 3 -> LZ4;
            case 4 -> ZSTD;
            default -> throw new CorruptRecordException("unknown compression codec id " + id);
        };
    }
}
