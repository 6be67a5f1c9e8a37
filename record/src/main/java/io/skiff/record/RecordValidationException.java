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

import java.util.List;

/**
 * Records of a batch broke a topic rule (a timestamp out of range, a missing key on a compacted topic): the
 * partition is refused with Kafka's INVALID_TIMESTAMP (when any error is a timestamp one) or INVALID_RECORD, this
 * exception's message as {@code error_message}, and {@link #recordErrors()} as {@code record_errors}, each naming
 * a record by its index in the batch.
 */
public class RecordValidationException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** One refused record: its index in the batch and why. */
    public record RecordError(int batchIndex, String message) {
        @Override
        public String toString() {
            // Kafka's ProduceResponse.RecordError spelling, which its error_message lists.
            return "RecordError(batchIndex=" + batchIndex + ", message='" + message + "')";
        }
    }

    private final boolean invalidTimestamp;
    private final transient List<RecordError> recordErrors;

    RecordValidationException(boolean invalidTimestamp, String message, List<RecordError> recordErrors) {
        super(message);
        this.invalidTimestamp = invalidTimestamp;
        this.recordErrors = List.copyOf(recordErrors);
    }

    /** True for INVALID_TIMESTAMP, false for INVALID_RECORD. */
    public boolean invalidTimestamp() {
        return invalidTimestamp;
    }

    public List<RecordError> recordErrors() {
        return recordErrors;
    }
}
