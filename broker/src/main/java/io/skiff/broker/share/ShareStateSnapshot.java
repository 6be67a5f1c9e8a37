package io.skiff.broker.share;

import java.util.List;

/** What survives a restart of one share-partition: its start offset and its in-flight records' states. Immutable. */
public record ShareStateSnapshot(long startOffset, List<StateRange> ranges) {}
