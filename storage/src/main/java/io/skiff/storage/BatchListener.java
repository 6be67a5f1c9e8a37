package io.skiff.storage;

/** Receives batch headers in log order (recovery, {@link Log#forEachBatch}). Called on the scanning thread. */
@FunctionalInterface
public interface BatchListener {
    void onBatch(BatchInfo batch);
}
