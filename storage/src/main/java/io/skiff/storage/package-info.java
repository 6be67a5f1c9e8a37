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
/**
 * The segment log: the only place Skiff keeps data.
 *
 * <h2>Layout</h2>
 * One directory per partition (the broker chooses it; it uses Kafka's {@code <topic>-<partition>}). Inside:
 * <pre>
 *   00000000000000000000.log        RecordBatch v2 entries, exactly as produced, baseOffset rewritten
 *   00000000000000000000.index      sparse offset index: 8-byte entries (int relative offset, int position)
 *   00000000000000000000.timeindex  time index: 12-byte entries (long max-timestamp-so-far, int relative offset)
 *   00000000000000000000.txnindex   aborted transactions whose markers are in the segment (Kafka's 34-byte entries:
 *                                   short version, long producerId, firstOffset, lastOffset, lastStableOffset);
 *                                   present only once the segment holds an abort
 *   00000000000000000042.snapshot   producer state below offset 42 (Kafka's snapshot layout, CRC-32C), taken when
 *                                   the segment at 42 was rolled in and when the log is closed
 *   skiff-log.checkpoint            log start offset and recovery point (text, written atomically)
 *   .skiff-clean-shutdown           present only while the log is cleanly closed
 * </pre>
 * Segment names are the 20-digit base offset. Index entries are big-endian and name the base offset of a batch;
 * one is added every {@code indexIntervalBytes}. The active segment keeps its indexes in memory and writes them
 * when it is sealed (roll, close); closed segments load theirs on demand (sanity-checked, rebuilt from the
 * {@code .log} if missing or corrupt) and a log keeps only a few closed segments' handles open.
 *
 * <h2>Producer state and transactions</h2>
 * The log owns its partition's producer state ({@code io.skiff.storage.producer}): each append checks the batches
 * of idempotent and transactional producers (epoch, sequence, duplicates of the last five batches, open
 * transactions, COMMIT/ABORT markers from the coordinator) under the log's write lock and updates the state with
 * the write. An ABORT adds an entry to the active segment's {@code .txnindex}. The last stable offset is the first
 * offset of the earliest open transaction (or the log end); read_committed reads stop there and return the aborted
 * transactions overlapping what they return. At open, the newest readable snapshot at or below the first segment
 * that needs recovery is loaded and only the batches after it are replayed, so a clean restart reads none; a
 * corrupt snapshot is deleted and an older one (or a full replay) used instead.
 *
 * <h2>Recovery</h2>
 * Segments ending at or below the recovery point (set on each roll, after the old segment was forced) are trusted.
 * After a clean shutdown the last segment is trusted up to its last index entry and only the batches after it are
 * checked, so opening costs per segment, not per byte. Every other segment recovers itself
 * ({@code Segment.recover}): it is read batch by batch (framing, magic 2, CRC-32C, record count vs. last offset
 * delta, offsets growing), rebuilding its indexes and transaction index and feeding the producer state, and the log
 * is cut at the first bad or torn batch; later segments are deleted. Every cut is logged at WARN with bytes and
 * batches.
 *
 * <h2>Durability</h2>
 * By default nothing is forced on append (as in Kafka): an acknowledged append survives a crash of the process
 * (the bytes are in the OS page cache) but not necessarily a power loss until the segment is rolled, the log is
 * closed, or {@code flushMessages}/{@code flushMs} force it.
 */
package io.skiff.storage;
