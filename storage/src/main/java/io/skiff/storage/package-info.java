/**
 * The segment log: the only place Skiff keeps data.
 *
 * <h2>Layout</h2>
 * One directory per partition (the broker chooses it; it uses Kafka's {@code <topic>-<partition>}). Inside:
 * <pre>
 *   00000000000000000000.log        RecordBatch v2 entries, exactly as produced, baseOffset rewritten
 *   00000000000000000000.index      sparse offset index: 8-byte entries (int relative offset, int position)
 *   00000000000000000000.timeindex  time index: 12-byte entries (long max-timestamp-so-far, int relative offset)
 *   skiff-log.checkpoint            log start offset and recovery point (text, written atomically)
 *   .skiff-clean-shutdown           present only while the log is cleanly closed
 * </pre>
 * Segment names are the 20-digit base offset. Index entries are big-endian and name the base offset of a batch;
 * one is added every {@code indexIntervalBytes}. The active segment keeps its indexes in memory and writes them
 * when it is sealed (roll, close); closed segments load theirs on demand (sanity-checked, rebuilt from the
 * {@code .log} if missing or corrupt) and a log keeps only a few closed segments' handles open.
 *
 * <h2>Recovery</h2>
 * Segments ending at or below the recovery point (set on each roll, after the old segment was forced) are trusted.
 * After a clean shutdown the last segment is trusted up to its last index entry and only the batches after it are
 * checked, so opening costs per segment, not per byte. Everything else is read batch by batch (framing, magic 2,
 * CRC-32C, record count vs. last offset delta, offsets growing) and the log is cut at the first bad or torn batch;
 * later segments are deleted. Every cut is logged at WARN with bytes and batches.
 *
 * <h2>Durability</h2>
 * By default nothing is forced on append (as in Kafka): an acknowledged append survives a crash of the process
 * (the bytes are in the OS page cache) but not necessarily a power loss until the segment is rolled, the log is
 * closed, or {@code flushMessages}/{@code flushMs} force it.
 */
package io.skiff.storage;
