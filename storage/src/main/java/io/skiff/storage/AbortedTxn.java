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
 * An aborted transaction as the transaction index keeps it (Kafka's layout). Immutable; thread-safe.
 *
 * @param producerId       the producer
 * @param firstOffset      offset of the transaction's first batch
 * @param lastOffset       offset of its ABORT marker
 * @param lastStableOffset the log's last stable offset once the marker was written
 */
public record AbortedTxn(long producerId, long firstOffset, long lastOffset, long lastStableOffset) {}
