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
