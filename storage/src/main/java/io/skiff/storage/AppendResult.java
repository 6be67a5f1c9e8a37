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

/**
 * What one {@link Log#append} wrote.
 *
 * @param firstOffset    base offset assigned to the first batch
 * @param lastOffset     last offset of the last batch
 * @param logAppendTime  the broker time stamped into the batches, or -1 for CreateTime logs
 * @param logStartOffset the log start offset after the append
 * @param logEndOffset   the next offset to be assigned ({@code lastOffset + 1})
 * @param batchCount     number of batches written
 */
public record AppendResult(
        long firstOffset,
        long lastOffset,
        long logAppendTime,
        long logStartOffset,
        long logEndOffset,
        int batchCount) {}
