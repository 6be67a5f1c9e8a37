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
 * Consulted by every partition before an append and a read, so that a test can make a partition's storage fail
 * (see {@code io.skiff.broker.control.StorageFaults}); {@link #OPEN} lets everything through.
 *
 * <p>Implementations must be thread-safe and cheap: they run on every append and read.
 */
public interface PartitionGate {
    PartitionGate OPEN = new PartitionGate() {
        @Override
        public void checkWrite(String topic, int partition) {}

        @Override
        public void checkRead(String topic, int partition) {}
    };

    /** @throws io.skiff.storage.StorageException when writes to the partition must fail */
    void checkWrite(String topic, int partition);

    /** @throws io.skiff.storage.StorageException when reads of the partition must fail */
    void checkRead(String topic, int partition);
}
