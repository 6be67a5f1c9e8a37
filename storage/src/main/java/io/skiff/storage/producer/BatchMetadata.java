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
package io.skiff.storage.producer;

/**
 * One batch a producer wrote, remembered so that a retried batch can be answered with its original offsets.
 *
 * <p>Immutable; thread-safe.
 *
 * @param firstSequence sequence of the batch's first record
 * @param lastSequence  sequence of the batch's last record
 * @param firstOffset   offset assigned to the first record
 * @param lastOffset    offset assigned to the last record
 * @param timestamp     the batch's max timestamp (the log append time on LogAppendTime topics)
 */
public record BatchMetadata(int firstSequence, int lastSequence, long firstOffset, long lastOffset, long timestamp) {}
