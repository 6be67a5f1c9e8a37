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
package io.skiff.broker.share;

import java.util.List;

/**
 * One acknowledgement batch of a request: offsets {@code firstOffset..lastOffset} and either one type for all of
 * them or one type per offset (Kafka's {@code AcknowledgeTypes}). Immutable, thread-safe.
 */
public record AcknowledgementBatch(long firstOffset, long lastOffset, List<AcknowledgeType> types) {
    /** The type of {@code offset} (inside the batch). */
    public AcknowledgeType typeOf(long offset) {
        return types.size() == 1 ? types.get(0) : types.get((int) (offset - firstOffset));
    }

    /** True when the batch is well formed: a non-empty range and one type, or one type per offset. */
    public boolean isValid() {
        if (firstOffset < 0 || lastOffset < firstOffset || types.isEmpty() || types.contains(null)) {
            return false;
        }
        return types.size() == 1 || types.size() == lastOffset - firstOffset + 1;
    }
}
