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
