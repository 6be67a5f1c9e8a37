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
 * The topic rules a produce is validated against, with Kafka's names: {@code max.message.bytes}, {@code
 * message.timestamp.type}, {@code message.timestamp.before.max.ms} / {@code after.max.ms}, {@code cleanup.policy}
 * containing {@code compact} (records need keys) and {@code compression.type}.
 *
 * @param maxBatchBytes        largest batch accepted, framing included
 * @param timestampType        the topic's timestamp type; CreateTime timestamps are range-checked
 * @param timestampBeforeMaxMs how far a CreateTime timestamp may lie behind the broker's clock
 * @param timestampAfterMaxMs  how far a CreateTime timestamp may lie ahead of the broker's clock
 * @param keysRequired         true for compacted topics: every record needs a key
 * @param targetCompression    the codec batches are stored with; null keeps each batch's own codec ({@code
 *                             producer})
 */
public record ValidationRules(
        int maxBatchBytes,
        TimestampType timestampType,
        long timestampBeforeMaxMs,
        long timestampAfterMaxMs,
        boolean keysRequired,
        CompressionType targetCompression) {

    /** Kafka's topic defaults: 1 MiB batches, CreateTime without bounds, no keys required, producer's codec. */
    public static ValidationRules defaults() {
        return new ValidationRules(
                1024 * 1024 + 12, TimestampType.CREATE_TIME, Long.MAX_VALUE, Long.MAX_VALUE, false, null);
    }
}
