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
package io.skiff.broker.control;

import io.skiff.broker.topic.PartitionGate;
import io.skiff.storage.LogOfflineException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Storage faults of one broker (in memory only): while one is in force, appends to (and/or reads of) the partitions
 * it covers fail before they touch the log, and clients get KAFKA_STORAGE_ERROR for those partitions only, as from a
 * Kafka log directory that went offline. Nothing is written while the fault lasts, so nothing acknowledged before it
 * is lost; clearing it brings the partitions back at once (Kafka needs a broker restart for a log directory that
 * comes back; see the README).
 *
 * <p>Thread-safe: a copy-on-write list, read without a lock on every append and read.
 */
public final class StorageFaults implements PartitionGate {
    private static final Logger LOG = LoggerFactory.getLogger(StorageFaults.class);

    private final List<StorageFault> faults = new CopyOnWriteArrayList<>();

    /** Makes storage fail as {@code fault} says, from the next append or read on. */
    public void add(StorageFault fault) {
        faults.add(fault);
        LOG.info(
                "Storage fault set: {} of {} fail",
                fault.writes() && fault.reads() ? "writes and reads" : fault.writes() ? "writes" : "reads",
                fault.where());
    }

    /** The faults in force, in the order set. */
    public List<StorageFault> faults() {
        return List.copyOf(faults);
    }

    /** Clears every storage fault: the partitions work again at once. */
    public void clear() {
        if (!faults.isEmpty()) {
            faults.clear();
            LOG.info("Storage faults cleared");
        }
    }

    @Override
    public void checkWrite(String topic, int partition) {
        for (StorageFault f : faults) {
            if (f.writes() && f.covers(topic, partition)) {
                throw new LogOfflineException(
                        "writing to " + topic + "-" + partition + " failed: storage fault set on " + f.where());
            }
        }
    }

    @Override
    public void checkRead(String topic, int partition) {
        for (StorageFault f : faults) {
            if (f.reads() && f.covers(topic, partition)) {
                throw new LogOfflineException(
                        "reading " + topic + "-" + partition + " failed: storage fault set on " + f.where());
            }
        }
    }
}
