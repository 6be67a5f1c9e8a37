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
package io.skiff.record;

import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;
import net.jpountz.xxhash.XXHash32;
import net.jpountz.xxhash.XXHashFactory;

/**
 * The LZ4 frame format as Kafka writes it for lz4-compressed record batches (magic 1 and 2):
 * <pre>
 *  magic     4 bytes LE  0x184D2204
 *  FLG       1 byte      bits 7-6 version (01), 5 block independence, 4 block checksum, 3 content size,
 *                        2 content checksum, 1-0 reserved (0)
 *  BD        1 byte      bits 6-4 maximum block size id (4 = 64 KiB .. 7 = 4 MiB), other bits reserved (0)
 *  size      8 bytes     only when the content-size flag is set (ignored)
 *  HC        1 byte      second byte of XXHash32(FLG .. end of descriptor, seed 0)
 *  blocks    4-byte LE size (high bit set: stored uncompressed; 0: end mark), data, then a 4-byte XXHash32 of
 *            the data when the block-checksum flag is set
 *  checksum  4 bytes LE  XXHash32 of the whole content, after the end mark, when the content-checksum flag is set
 * </pre>
 * Kafka before 0.10 (magic 0) computed HC over the magic as well; magic 2 batches always carry the correct HC, and
 * that is the only one accepted here. Kafka writes independent 64 KiB blocks, no block or content checksum.
 *
 * <p>Thread-safety: constants and thread-safe lz4-java instances only.
 */
final class KafkaLz4Frame {
    static final int MAGIC = 0x184D2204;
    static final int UNCOMPRESSED_BLOCK_BIT = 0x80000000;
    static final int VERSION = 1;
    static final int FLG_BLOCK_INDEPENDENCE = 0x20;
    static final int FLG_BLOCK_CHECKSUM = 0x10;
    static final int FLG_CONTENT_SIZE = 0x08;
    static final int FLG_CONTENT_CHECKSUM = 0x04;
    static final int FLG_RESERVED = 0x03;
    static final int BD_RESERVED = 0x8F;
    /** The block size id Kafka writes: 4, 64 KiB blocks. */
    static final int BLOCK_SIZE_ID_64KB = 4;

    static final LZ4SafeDecompressor DECOMPRESSOR = LZ4Factory.fastestInstance().safeDecompressor();
    static final LZ4Compressor COMPRESSOR = LZ4Factory.fastestInstance().fastCompressor();
    static final XXHash32 XXHASH = XXHashFactory.fastestInstance().hash32();

    private KafkaLz4Frame() {}

    /** The maximum block size a BD byte's size id announces: 2^(8 + 2 * id) bytes. */
    static int maxBlockSize(int blockSizeId) {
        return 1 << (8 + 2 * blockSizeId);
    }
}
