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
 * Record data that does not follow the RecordBatch v2 format: a truncated batch, a length that
 * does not fit, a bad magic, a CRC mismatch, a record that overruns its batch. The broker answers
 * such a produce with Kafka's {@code CORRUPT_MESSAGE} error.
 */
public class CorruptRecordException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CorruptRecordException(String message) {
        super(message);
    }
}
