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
import io.netty.util.ReferenceCountUtil;
import java.util.List;

/**
 * A response as the pieces to write, in order: pooled byte buffers, and file regions for record data that stays
 * in segment files.
 *
 * <p>Not thread-safe: created by the encoding thread, then written or released on the connection's event loop.
 */
final class EncodedResponse implements OutboundResponse {
    private final List<Object> parts;
    private final int muteMs;

    EncodedResponse(List<Object> parts) {
        this(parts, 0);
    }

    EncodedResponse(List<Object> parts, int muteMs) {
        this.parts = parts;
        this.muteMs = muteMs;
    }

    @Override
    public int muteMs() {
        return muteMs;
    }

    List<Object> parts() {
        return parts;
    }

    @Override
    public void writeTo(ChannelHandlerContext ctx) {
        for (Object part : parts) {
            ctx.write(part, ctx.voidPromise());
        }
    }

    @Override
    public void release() {
        for (Object part : parts) {
            ReferenceCountUtil.safeRelease(part);
        }
    }
}
