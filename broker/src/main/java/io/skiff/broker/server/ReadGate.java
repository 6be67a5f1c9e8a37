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

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;

/**
 * First handler of a connection's pipeline: holds back every read request of the handlers after it while closed, so
 * that a connection waiting for request memory ({@link RequestMemoryPool}) reads nothing more from its socket, and
 * passes one held-back read on when opened.
 *
 * <p>Not thread-safe: one instance per channel, used on its event loop.
 */
final class ReadGate extends ChannelOutboundHandlerAdapter {
    private ChannelHandlerContext ctx;
    private boolean closed;
    private boolean readHeldBack;

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public void read(ChannelHandlerContext ctx) {
        if (closed) {
            readHeldBack = true;
            return;
        }
        ctx.read();
    }

    void close() {
        closed = true;
    }

    /** Opens the gate and reads when a read was asked for meanwhile (or {@code readAnyway}). */
    void open(boolean readAnyway) {
        closed = false;
        if (readHeldBack || readAnyway) {
            readHeldBack = false;
            ctx.read();
        }
    }
}
