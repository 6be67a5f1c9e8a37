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

/**
 * Makes a share-partition's state durable. Called with the share-partition's monitor held, right after a change, so
 * snapshots are written in the order of the changes; the write must be done (appended to the log) when it returns.
 * Implementations must be thread-safe.
 */
public interface ShareStateWriter {
    /** Keeps nothing (tests of the in-memory behaviour). */
    ShareStateWriter NONE = (groupId, partition, snapshot) -> {};

    void write(String groupId, TopicIdPartition partition, ShareStateSnapshot snapshot);
}
