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
package io.skiff.broker.server;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.util.ReferenceCountUtil;
import io.skiff.broker.handler.FileRecords;
import io.skiff.protocol.ByteBufferRecords;
import io.skiff.protocol.Records;
import io.skiff.protocol.Writable;
import io.skiff.storage.FileSlice;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link Writable} that encodes into pooled Netty buffers. Record data held in segment files
 * ({@link FileRecords}) is not copied: the buffer so far is closed off and each file slice becomes a
 * {@link FileSliceRegion} (sendfile), then encoding continues in a new buffer. {@link #finish()} returns the
 * pieces in order.
 *
 * <p>Not thread-safe: used by one thread to encode one response.
 */
final class NettyWritable implements Writable {
    /** Buffers start at most this big and grow as needed (a fetch's size is mostly file data, not buffer). */
    private static final int MAX_INITIAL_CAPACITY = 64 * 1024;

    private final ByteBufAllocator alloc;
    private final List<Object> parts = new ArrayList<>(2);
    private int nextCapacity;
    private ByteBuf current;

    NettyWritable(ByteBufAllocator alloc, int expectedBytes) {
        this.alloc = alloc;
        this.nextCapacity = Math.max(16, Math.min(expectedBytes, MAX_INITIAL_CAPACITY));
    }

    private ByteBuf buf() {
        if (current == null) {
            current = alloc.ioBuffer(nextCapacity);
        }
        return current;
    }

    @Override
    public void writeByte(byte v) {
        buf().writeByte(v);
    }

    @Override
    public void writeShort(short v) {
        buf().writeShort(v);
    }

    @Override
    public void writeInt(int v) {
        buf().writeInt(v);
    }

    @Override
    public void writeLong(long v) {
        buf().writeLong(v);
    }

    @Override
    public void writeDouble(double v) {
        buf().writeDouble(v);
    }

    @Override
    public void writeUnsignedVarint(int v) {
        ByteBuf b = buf();
        while ((v & 0xFFFFFF80) != 0) {
            b.writeByte((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        b.writeByte(v);
    }

    @Override
    public void writeVarint(int v) {
        writeUnsignedVarint((v << 1) ^ (v >> 31));
    }

    @Override
    public void writeVarlong(long v) {
        long zigzag = (v << 1) ^ (v >> 63);
        ByteBuf b = buf();
        while ((zigzag & 0xFFFFFFFFFFFFFF80L) != 0L) {
            b.writeByte(((int) zigzag & 0x7F) | 0x80);
            zigzag >>>= 7;
        }
        b.writeByte((int) zigzag);
    }

    @Override
    public void writeByteArray(byte[] bytes) {
        buf().writeBytes(bytes);
    }

    @Override
    public void writeRecords(Records records) {
        if (records instanceof FileRecords file) {
            if (file.sizeInBytes() == 0) {
                return;
            }
            closeCurrent();
            for (FileSlice slice : file.slices()) {
                parts.add(new FileSliceRegion(slice));
            }
        } else if (records instanceof ByteBufferRecords bytes) {
            buf().writeBytes(bytes.buffer().duplicate());
        } else if (records != null) {
            throw new IllegalArgumentException(
                    "cannot write records of type " + records.getClass().getName());
        }
    }

    private void closeCurrent() {
        if (current != null) {
            parts.add(current);
            current = null;
            nextCapacity = 256;
        }
    }

    /** The encoded pieces, in order; the caller owns them. */
    List<Object> finish() {
        closeCurrent();
        return parts;
    }

    /** Frees everything encoded so far (encoding failed). */
    void release() {
        closeCurrent();
        for (Object part : parts) {
            ReferenceCountUtil.safeRelease(part);
        }
        parts.clear();
    }
}
