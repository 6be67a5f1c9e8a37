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
package io.skiff.storage;

import io.skiff.record.RecordBatchView;

/** The header facts of one stored batch, as handed to a {@link BatchListener}. */
public record BatchInfo(
        long baseOffset,
        long lastOffset,
        long producerId,
        short producerEpoch,
        int baseSequence,
        int recordCount,
        boolean transactional,
        boolean control,
        long maxTimestamp,
        int sizeInBytes) {

    /** The header facts of the batch {@code view} shows. */
    static BatchInfo of(RecordBatchView view) {
        return new BatchInfo(
                view.baseOffset(),
                view.lastOffset(),
                view.producerId(),
                view.producerEpoch(),
                view.baseSequence(),
                view.recordCount(),
                view.isTransactional(),
                view.isControl(),
                view.maxTimestamp(),
                view.sizeInBytes());
    }
}
