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
package io.skiff.protocol;

import java.nio.ByteBuffer;

/**
 * Reads and writes protocol primitives at a ByteBuffer's position (big-endian). Reads past the limit throw
 * {@link ProtocolException}; records are read as zero-copy slices. Not thread-safe (it moves the buffer's position).
 */
public final class ByteBufferAccessor implements Readable, Writable {
    private final ByteBuffer buf;

    public ByteBufferAccessor(ByteBuffer buf) {
        this.buf = buf;
    }

    public ByteBuffer buffer() {
        return buf;
    }

    private void need(int n) {
        if (buf.remaining() < n) {
            throw new ProtocolException("truncated input: needed " + n + " bytes, only " + buf.remaining() + " remain");
        }
    }

    @Override
    public byte readByte() {
        need(1);
        return buf.get();
    }

    @Override
    public short readShort() {
        need(2);
        return buf.getShort();
    }

    @Override
    public int readInt() {
        need(4);
        return buf.getInt();
    }

    @Override
    public long readLong() {
        need(8);
        return buf.getLong();
    }

    @Override
    public double readDouble() {
        need(8);
        return buf.getDouble();
    }

    @Override
    public int readUnsignedVarint() {
        return ByteUtils.readUnsignedVarint(buf);
    }

    @Override
    public int readVarint() {
        return ByteUtils.readVarint(buf);
    }

    @Override
    public long readVarlong() {
        return ByteUtils.readVarlong(buf);
    }

    @Override
    public int remaining() {
        return buf.remaining();
    }

    @Override
    public byte[] readByteArray(int length) {
        if (length < 0) {
            throw new ProtocolException("negative length " + length);
        }
        need(length);
        byte[] b = new byte[length];
        buf.get(b);
        return b;
    }

    @Override
    public Records readRecords(int length) {
        if (length < 0) {
            throw new ProtocolException("negative records length " + length);
        }
        need(length);
        ByteBuffer slice = buf.slice(buf.position(), length);
        buf.position(buf.position() + length);
        return new ByteBufferRecords(slice);
    }

    @Override
    public void writeByte(byte v) {
        buf.put(v);
    }

    @Override
    public void writeShort(short v) {
        buf.putShort(v);
    }

    @Override
    public void writeInt(int v) {
        buf.putInt(v);
    }

    @Override
    public void writeLong(long v) {
        buf.putLong(v);
    }

    @Override
    public void writeDouble(double v) {
        buf.putDouble(v);
    }

    @Override
    public void writeUnsignedVarint(int v) {
        ByteUtils.writeUnsignedVarint(v, buf);
    }

    @Override
    public void writeVarint(int v) {
        ByteUtils.writeVarint(v, buf);
    }

    @Override
    public void writeVarlong(long v) {
        ByteUtils.writeVarlong(v, buf);
    }

    @Override
    public void writeByteArray(byte[] bytes) {
        buf.put(bytes);
    }

    /** Accepts only {@link ByteBufferRecords}; other kinds (e.g. file records) need a sink that can send them. */
    @Override
    public void writeRecords(Records records) {
        if (!(records instanceof ByteBufferRecords r)) {
            throw new IllegalArgumentException(
                    "ByteBufferAccessor cannot write " + records.getClass().getName());
        }
        buf.put(r.buffer());
    }
}
