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

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import net.jpountz.lz4.LZ4Exception;

/**
 * Decompresses one {@link KafkaLz4Frame} held in a buffer, a block at a time: the compressed bytes are read in
 * place, one block's worth of decompressed bytes is held at once.
 *
 * <p>Not thread-safe: a stream is read and closed by one thread (closing returns its block buffer to that thread).
 */
final class KafkaLz4InputStream extends InputStream {
    private final ByteBuffer in;
    private final int flags;
    private final int maxBlockSize;
    private static final int DEFAULT_BLOCK = KafkaLz4Frame.maxBlockSize(KafkaLz4Frame.BLOCK_SIZE_ID_64KB);
    private static final ThreadLocal<byte[]> FREE_BLOCK = new ThreadLocal<>();

    private final byte[] block;
    private final ByteBuffer blockView;
    private boolean closed;
    private int blockPosition;
    private int blockLimit;
    private boolean finished;
    private int contentHash;

    /** Reads and checks the frame header. */
    KafkaLz4InputStream(ByteBuffer compressed) throws IOException {
        in = compressed.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        if (in.remaining() < 7) {
            throw new IOException("lz4 frame truncated: " + in.remaining() + " bytes cannot hold its header");
        }
        int magic = in.getInt();
        if (magic != KafkaLz4Frame.MAGIC) {
            throw new IOException("not an lz4 frame: magic " + Integer.toHexString(magic));
        }
        int descriptorStart = in.position();
        flags = in.get() & 0xFF;
        int bd = in.get() & 0xFF;
        if ((flags >>> 6) != KafkaLz4Frame.VERSION) {
            throw new IOException("lz4 frame version " + (flags >>> 6) + " is not supported");
        }
        if ((flags & KafkaLz4Frame.FLG_RESERVED) != 0 || (bd & KafkaLz4Frame.BD_RESERVED) != 0) {
            throw new IOException("lz4 frame descriptor has reserved bits set");
        }
        if ((flags & KafkaLz4Frame.FLG_BLOCK_INDEPENDENCE) == 0) {
            throw new IOException("lz4 frames with dependent blocks are not supported");
        }
        int blockSizeId = (bd >>> 4) & 0x07;
        if (blockSizeId < 4) {
            throw new IOException("lz4 frame block size id " + blockSizeId + " is not one of 4-7");
        }
        maxBlockSize = KafkaLz4Frame.maxBlockSize(blockSizeId);
        if ((flags & KafkaLz4Frame.FLG_CONTENT_SIZE) != 0) {
            need(8);
            in.position(in.position() + 8);
        }
        need(1);
        int hash = KafkaLz4Frame.XXHASH.hash(in, descriptorStart, in.position() - descriptorStart, 0);
        if (in.get() != (byte) ((hash >> 8) & 0xFF)) {
            throw new IOException("lz4 frame descriptor checksum mismatch");
        }
        block = takeBlockBuffer(maxBlockSize);
        blockView = ByteBuffer.wrap(block);
    }

    /**
     * A block buffer: Kafka's producers write 64 KiB blocks, and a produce of small batches would otherwise allocate
     * 64 KiB per batch. One free buffer of that size is kept per thread; a stream takes it and {@link #close()}
     * gives it back, so two streams open at once on a thread never share it.
     */
    private static byte[] takeBlockBuffer(int size) {
        if (size == DEFAULT_BLOCK) {
            byte[] free = FREE_BLOCK.get();
            if (free != null) {
                FREE_BLOCK.set(null);
                return free;
            }
        }
        return new byte[size];
    }

    @Override
    public void close() {
        if (!closed && block.length == DEFAULT_BLOCK) {
            FREE_BLOCK.set(block);
        }
        closed = true;
    }

    @Override
    public int read() throws IOException {
        if (!fill()) {
            return -1;
        }
        return block[blockPosition++] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        if (!fill()) {
            return -1;
        }
        int n = Math.min(len, blockLimit - blockPosition);
        System.arraycopy(block, blockPosition, b, off, n);
        blockPosition += n;
        return n;
    }

    @Override
    public int available() {
        return blockLimit - blockPosition;
    }

    /** Makes at least one byte available; false at the end of the frame. */
    private boolean fill() throws IOException {
        if (closed) {
            throw new IOException("lz4 stream closed");
        }
        while (blockPosition == blockLimit) {
            if (finished) {
                return false;
            }
            readBlock();
        }
        return true;
    }

    private void readBlock() throws IOException {
        need(4);
        int size = in.getInt();
        boolean stored = (size & KafkaLz4Frame.UNCOMPRESSED_BLOCK_BIT) != 0;
        size &= ~KafkaLz4Frame.UNCOMPRESSED_BLOCK_BIT;
        if (size == 0) {
            finished = true;
            if ((flags & KafkaLz4Frame.FLG_CONTENT_CHECKSUM) != 0) {
                need(4);
                if (in.getInt() != contentHash) {
                    throw new IOException("lz4 frame content checksum mismatch");
                }
            }
            return;
        }
        if (size > maxBlockSize) {
            throw new IOException("lz4 block of " + size + " bytes exceeds the frame's maximum " + maxBlockSize);
        }
        need(size);
        int dataStart = in.position();
        if (stored) {
            in.get(dataStart, block, 0, size);
            blockLimit = size;
        } else {
            try {
                blockLimit = KafkaLz4Frame.DECOMPRESSOR.decompress(in, dataStart, size, blockView, 0, maxBlockSize);
            } catch (LZ4Exception e) {
                throw new IOException("lz4 block does not decompress: " + e.getMessage(), e);
            }
        }
        blockPosition = 0;
        in.position(dataStart + size);
        if ((flags & KafkaLz4Frame.FLG_BLOCK_CHECKSUM) != 0) {
            need(4);
            if (KafkaLz4Frame.XXHASH.hash(in, dataStart, size, 0) != in.getInt()) {
                throw new IOException("lz4 block checksum mismatch");
            }
        }
        if ((flags & KafkaLz4Frame.FLG_CONTENT_CHECKSUM) != 0) {
            contentHash ^= KafkaLz4Frame.XXHASH.hash(block, 0, blockLimit, 0);
        }
    }

    private void need(int n) throws IOException {
        if (in.remaining() < n) {
            throw new IOException("lz4 frame truncated: " + n + " more bytes expected, " + in.remaining() + " left");
        }
    }
}
