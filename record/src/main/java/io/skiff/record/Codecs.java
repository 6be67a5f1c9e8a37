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

import com.github.luben.zstd.RecyclingBufferPool;
import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
import com.github.luben.zstd.ZstdOutputStreamNoFinalizer;
import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.xerial.snappy.SnappyError;
import org.xerial.snappy.SnappyInputStream;
import org.xerial.snappy.SnappyOutputStream;

/**
 * The four codecs of Kafka's record batches, as streams with Kafka's framing: gzip (JDK), snappy (xerial's
 * stream framing, as Kafka's producers write it), lz4 ({@link KafkaLz4Frame}) and zstd (zstd-jni).
 *
 * <p>Stateless; thread-safe. Each stream is for one thread.
 */
public final class Codecs {
    /** Read-side buffer for codecs whose streams read in small pieces (gzip, zstd), as Kafka sizes it. */
    private static final int INPUT_BUFFER = 16 * 1024;
    /** The zstd level Kafka uses by default (compression.zstd.level). */
    private static final int ZSTD_LEVEL = 3;

    private Codecs() {}

    /**
     * A stream of the decompressed bytes of {@code compressed}'s remaining bytes (not moved; read in place).
     *
     * @throws IllegalArgumentException for {@link CompressionType#NONE}
     * @throws IOException              when the data does not start as the codec's format requires
     */
    public static InputStream decompress(CompressionType type, ByteBuffer compressed) throws IOException {
        InputStream raw = new ByteBufferInputStream(compressed);
        return switch (type) {
            case GZIP -> new BufferedInputStream(new GZIPInputStream(raw, 8 * 1024), INPUT_BUFFER);
            case SNAPPY -> snappy(raw);
            case LZ4 -> new KafkaLz4InputStream(compressed);
            case ZSTD ->
                new BufferedInputStream(
                        new ZstdInputStreamNoFinalizer(raw, RecyclingBufferPool.INSTANCE), INPUT_BUFFER);
            case NONE -> throw new IllegalArgumentException("uncompressed data needs no decompression");
        };
    }

    /** snappy-java reports damaged data with an {@link Error}; it becomes the IOException other codecs throw. */
    private static InputStream snappy(InputStream raw) throws IOException {
        try {
            return new SnappyErrorsAsIOExceptions(new SnappyInputStream(raw));
        } catch (SnappyError e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    private static final class SnappyErrorsAsIOExceptions extends FilterInputStream {
        SnappyErrorsAsIOExceptions(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            try {
                return super.read();
            } catch (SnappyError e) {
                throw new IOException(e.getMessage(), e);
            }
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            try {
                return super.read(b, off, len);
            } catch (SnappyError e) {
                throw new IOException(e.getMessage(), e);
            }
        }

        @Override
        public int available() throws IOException {
            try {
                return super.available();
            } catch (SnappyError e) {
                throw new IOException(e.getMessage(), e);
            }
        }
    }

    /**
     * A stream that compresses what is written to it into {@code out}; closing it finishes the codec's frame and
     * closes {@code out}.
     *
     * @throws IllegalArgumentException for {@link CompressionType#NONE}
     */
    public static OutputStream compress(CompressionType type, OutputStream out) throws IOException {
        return switch (type) {
            case GZIP -> new GZIPOutputStream(out, 8 * 1024);
            case SNAPPY -> new SnappyOutputStream(out);
            case LZ4 -> new KafkaLz4OutputStream(out);
            case ZSTD -> new ZstdOutputStreamNoFinalizer(out, ZSTD_LEVEL);
            case NONE -> throw new IllegalArgumentException("uncompressed data needs no compression");
        };
    }
}
