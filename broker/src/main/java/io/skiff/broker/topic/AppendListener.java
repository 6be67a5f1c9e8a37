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
package io.skiff.broker.topic;

/**
 * Told about changes of a partition that a parked operation (a fetch waiting for data) may be waiting for.
 * Called on the thread that made the change, after the partition's locks are released: implementations must be
 * quick and must not block (hand real work to an executor).
 */
public interface AppendListener {
    /** Records were appended to {@code partition}; {@code bytes} is the size of the appended batches. */
    void onAppend(Partition partition, int bytes);

    /** The partition was closed or deleted; no more appends will come. */
    void onClosed(Partition partition);
}
