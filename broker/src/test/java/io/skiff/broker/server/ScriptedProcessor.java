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
import io.netty.channel.ChannelHandlerContext;
import io.skiff.broker.handler.CloseConnectionException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A request processor for transport tests, driven by the frame's text: {@code echo:x} answers {@code x};
 * {@code later:x} answers {@code x} from another thread after a random short delay; {@code none:} sends
 * nothing; {@code close:} closes the connection; {@code hold:x} answers only when the test completes
 * {@link #held}; {@code mute:x} answers {@code x} and mutes the connection for a minute (a throttled client).
 */
final class ScriptedProcessor implements RequestProcessor {
    final AtomicInteger inFlight = new AtomicInteger();
    final AtomicInteger maxInFlight = new AtomicInteger();
    final List<String> seen = new CopyOnWriteArrayList<>();
    final CompletableFuture<Void> held = new CompletableFuture<>();

    @Override
    public CompletableFuture<OutboundResponse> process(
            ConnectionInfo connection, ByteBuf frame, ByteBufAllocator alloc) {
        String text = frame.toString(StandardCharsets.UTF_8);
        seen.add(text);
        maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
        String command = text.substring(0, text.indexOf(':'));
        String payload = text.substring(text.indexOf(':') + 1);
        CompletableFuture<OutboundResponse> result = switch (command) {
            case "echo" -> CompletableFuture.completedFuture(response(payload));
            case "mute" -> CompletableFuture.completedFuture(muted(response(payload), 60_000));
            case "later" ->
                CompletableFuture.supplyAsync(
                        () -> response(payload),
                        CompletableFuture.delayedExecutor(
                                ThreadLocalRandom.current().nextInt(0, 3), TimeUnit.MILLISECONDS));
            case "none" -> CompletableFuture.completedFuture(null);
            case "close" -> CompletableFuture.failedFuture(new CloseConnectionException("asked to close"));
            case "hold" -> held.thenApply(v -> response(payload));
            default -> throw new IllegalArgumentException("unknown command " + command);
        };
        return result.whenComplete((r, e) -> inFlight.decrementAndGet());
    }

    private static OutboundResponse muted(OutboundResponse response, int muteMs) {
        return new OutboundResponse() {
            @Override
            public void writeTo(ChannelHandlerContext ctx) {
                response.writeTo(ctx);
            }

            @Override
            public int muteMs() {
                return muteMs;
            }

            @Override
            public void release() {
                response.release();
            }
        };
    }

    private static OutboundResponse response(String payload) {
        byte[] bytes = payload.getBytes(StandardCharsets.UTF_8);
        return new OutboundResponse() {
            @Override
            public void writeTo(ChannelHandlerContext ctx) {
                ByteBuf buf = ctx.alloc().ioBuffer(4 + bytes.length);
                buf.writeInt(bytes.length).writeBytes(bytes);
                ctx.write(buf, ctx.voidPromise());
            }

            @Override
            public void release() {}
        };
    }
}
