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

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.embedded.EmbeddedChannel;
import io.skiff.record.RecordBatchBuilder;
import io.skiff.storage.FileSlice;
import io.skiff.storage.Log;
import io.skiff.storage.LogConfig;
import io.skiff.storage.LogReadResult;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On a TLS connection record data cannot be sent with sendfile: the copier turns each file region into a heap buffer
 * with the same bytes, passes everything else through unchanged, and releases the slice it copied.
 */
class FileRegionCopierTest {
    @TempDir
    Path dir;

    @Test
    void fileRegionsBecomeHeapBuffersWithTheSegmentBytesAndTheSliceIsReleased() throws IOException {
        Log log = Log.open(dir.resolve("t-0"), LogConfig.defaults(), Clock.systemUTC(), null);
        for (int i = 0; i < 3; i++) {
            log.append(new RecordBatchBuilder(0, 1000 + i)
                    .add(1000 + i, ("k" + i).getBytes(StandardCharsets.UTF_8), new byte[1000 + i])
                    .build());
        }
        LogReadResult read = log.read(0, Integer.MAX_VALUE, true);
        FileSlice slice = read.slices().get(0);
        byte[] segmentBytes = slice.readFully().array();
        FileChannel channel = slice.channel();

        EmbeddedChannel tlsSide = new EmbeddedChannel(new FileRegionCopier());
        ByteBuf header = Unpooled.wrappedBuffer(new byte[] {1, 2, 3});
        tlsSide.writeOutbound(header, new FileSliceRegion(slice));

        ByteBuf passed = tlsSide.readOutbound();
        assertArrayEquals(new byte[] {1, 2, 3}, ByteBufUtil.getBytes(passed), "buffers pass through");
        passed.release();
        Object copied = tlsSide.readOutbound();
        ByteBuf body = assertInstanceOf(ByteBuf.class, copied, "no file region reaches the TLS handler");
        assertTrue(body.hasArray(), "a heap buffer, which the JDK's TLS engine encrypts without another copy");
        assertArrayEquals(segmentBytes, ByteBufUtil.getBytes(body));
        body.release();
        assertNull(tlsSide.readOutbound());
        tlsSide.finishAndReleaseAll();

        // The copier released the slice: the segment's channel closes with the log.
        log.close();
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertFalse(channel.isOpen()));
    }

    @Test
    void aLargeRegionGoesOutInFlushedSlicesSoThatEncryptionAndSendingOverlap() throws IOException {
        Log log = Log.open(dir.resolve("t-1"), LogConfig.defaults(), Clock.systemUTC(), null);
        for (int i = 0; i < 20; i++) {
            byte[] value = new byte[10_000];
            Arrays.fill(value, (byte) i);
            log.append(new RecordBatchBuilder(0, 1000 + i)
                    .add(1000 + i, null, value)
                    .build());
        }
        FileSlice slice = log.read(0, Integer.MAX_VALUE, true).slices().get(0);
        byte[] segmentBytes = slice.readFully().array();
        int slices = (segmentBytes.length + FileRegionCopier.SLICE_BYTES - 1) / FileRegionCopier.SLICE_BYTES;
        assertTrue(slices >= 3, "the region spans several slices: " + segmentBytes.length);

        EmbeddedChannel tlsSide = new EmbeddedChannel(new FileRegionCopier());
        ChannelFuture written = tlsSide.write(new FileSliceRegion(slice)); // no flush: only the copier's own
        assertEquals(slices - 1, tlsSide.outboundMessages().size(), "every slice but the last is flushed at once");
        assertFalse(written.isDone(), "the write completes with its last slice");
        tlsSide.flush();
        assertTrue(written.isSuccess());
        ByteBuf all = Unpooled.buffer();
        for (int i = 0; i < slices; i++) {
            ByteBuf part = tlsSide.readOutbound();
            assertTrue(part.readableBytes() <= FileRegionCopier.SLICE_BYTES);
            all.writeBytes(part);
            part.release();
        }
        assertArrayEquals(segmentBytes, ByteBufUtil.getBytes(all));
        assertNull(tlsSide.readOutbound());
        tlsSide.finishAndReleaseAll();
        log.close();
    }
}
