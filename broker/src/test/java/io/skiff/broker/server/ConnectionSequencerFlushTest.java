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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Responses to requests that one read delivered go out in one flush, in request order. */
class ConnectionSequencerFlushTest {
    private final ScriptedProcessor processor = new ScriptedProcessor();
    private final FlushCounter flushes = new FlushCounter();
    private final EmbeddedChannel channel = new EmbeddedChannel(
            flushes,
            new ConnectionSequencer(
                    processor, new ConnectionInfo("c1", "PLAINTEXT", new InetSocketAddress("127.0.0.1", 1))));

    @Test
    void requestsOfOneReadAreAnsweredWithOneFlush() {
        channel.writeInbound(frame("echo:a"), frame("echo:b"), frame("echo:c")); // one read, then its readComplete

        assertEquals(1, flushes.count, "one flush for the three answers");
        assertEquals(List.of("a", "b", "c"), answers());
    }

    @Test
    void eachReadIsFlushedAtItsEnd() {
        channel.writeInbound(frame("echo:a"));
        assertEquals(List.of("a"), answers(), "answered before the next read");
        channel.writeInbound(frame("echo:b"));
        assertEquals(List.of("b"), answers());
        assertEquals(2, flushes.count);
    }

    @Test
    void framesDeliveredWithoutAReadCompleteAreStillFlushed() {
        channel.pipeline().fireChannelRead(frame("echo:a")); // as if a handler before us forgot channelReadComplete
        channel.runPendingTasks();

        assertEquals(List.of("a"), answers());
    }

    @Test
    void anAnswerThatCompletesLaterIsFlushedWhenItCompletes() {
        channel.writeInbound(frame("hold:later"), frame("echo:next"));
        assertNull(channel.readOutbound(), "nothing to answer yet");

        processor.held.complete(null);
        channel.runPendingTasks();

        assertEquals(List.of("later", "next"), answers());
    }

    @Test
    void aThrottledAnswerGoesOutAtOnceAndTheNextRequestWaitsForTheMuteToEnd() {
        channel.writeInbound(frame("mute:throttled"), frame("echo:next"));
        assertEquals(List.of("throttled"), answers(), "the throttled answer is not held back");
        assertEquals(List.of("mute:throttled"), processor.seen, "the next request waits");

        channel.advanceTimeBy(60, TimeUnit.SECONDS);
        channel.runScheduledPendingTasks();
        assertEquals(List.of("next"), answers());
    }

    private List<String> answers() {
        List<String> answers = new ArrayList<>();
        ByteBuf out;
        while ((out = channel.readOutbound()) != null) {
            out.skipBytes(4); // the size prefix
            answers.add(out.toString(StandardCharsets.UTF_8));
            out.release();
        }
        return answers;
    }

    private static ByteBuf frame(String text) {
        return Unpooled.copiedBuffer(text, StandardCharsets.UTF_8);
    }

    /** Counts the flushes that reach the channel. */
    private static final class FlushCounter extends ChannelOutboundHandlerAdapter {
        int count;

        @Override
        public void flush(ChannelHandlerContext ctx) {
            count++;
            ctx.flush();
        }
    }
}
