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
import java.io.OutputStream;

/**
 * Writes one {@link KafkaLz4Frame} as Kafka's producers do: independent 64 KiB blocks, no checksums but the
 * descriptor's, a block stored uncompressed when compressing does not make it smaller.
 *
 * <p>Not thread-safe.
 */
final class KafkaLz4OutputStream extends OutputStream {
    private final OutputStream out;
    private final int maxBlockSize = KafkaLz4Frame.maxBlockSize(KafkaLz4Frame.BLOCK_SIZE_ID_64KB);
    private final byte[] pending = new byte[maxBlockSize];
    private final byte[] compressed = new byte[KafkaLz4Frame.COMPRESSOR.maxCompressedLength(maxBlockSize)];
    private int pendingBytes;
    private boolean closed;

    KafkaLz4OutputStream(OutputStream out) throws IOException {
        this.out = out;
        byte[] header = new byte[7];
        writeIntLE(header, 0, KafkaLz4Frame.MAGIC);
        header[4] = (byte) ((KafkaLz4Frame.VERSION << 6) | KafkaLz4Frame.FLG_BLOCK_INDEPENDENCE);
        header[5] = (byte) (KafkaLz4Frame.BLOCK_SIZE_ID_64KB << 4);
        header[6] = (byte) ((KafkaLz4Frame.XXHASH.hash(header, 4, 2, 0) >> 8) & 0xFF);
        out.write(header);
    }

    @Override
    public void write(int b) throws IOException {
        if (pendingBytes == maxBlockSize) {
            flushBlock();
        }
        pending[pendingBytes++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        while (len > 0) {
            if (pendingBytes == maxBlockSize) {
                flushBlock();
            }
            int n = Math.min(len, maxBlockSize - pendingBytes);
            System.arraycopy(b, off, pending, pendingBytes, n);
            pendingBytes += n;
            off += n;
            len -= n;
        }
    }

    private void flushBlock() throws IOException {
        if (pendingBytes == 0) {
            return;
        }
        int size = KafkaLz4Frame.COMPRESSOR.compress(pending, 0, pendingBytes, compressed, 0, compressed.length);
        byte[] sizeField = new byte[4];
        if (size >= pendingBytes) {
            writeIntLE(sizeField, 0, pendingBytes | KafkaLz4Frame.UNCOMPRESSED_BLOCK_BIT);
            out.write(sizeField);
            out.write(pending, 0, pendingBytes);
        } else {
            writeIntLE(sizeField, 0, size);
            out.write(sizeField);
            out.write(compressed, 0, size);
        }
        pendingBytes = 0;
    }

    /** Writes the last block and the end mark, then closes the underlying stream. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        flushBlock();
        out.write(new byte[4]);
        out.close();
    }

    private static void writeIntLE(byte[] b, int at, int v) {
        b[at] = (byte) v;
        b[at + 1] = (byte) (v >>> 8);
        b[at + 2] = (byte) (v >>> 16);
        b[at + 3] = (byte) (v >>> 24);
    }
}
