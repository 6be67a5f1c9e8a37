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

/**
 * An encoded response waiting to be written. Exactly one of {@link #writeTo} or {@link #release} is called,
 * on the connection's event loop.
 *
 * <p>Not thread-safe: handed from the thread that encoded it to the connection's event loop.
 */
public interface OutboundResponse {
    /**
     * Writes the whole response without flushing it ({@link ConnectionSequencer} flushes once per burst); the
     * channel takes ownership of its buffers and file regions.
     */
    void writeTo(ChannelHandlerContext ctx);

    /**
     * How long the connection reads no further request once this response is written: the throttle time of a client
     * over its quota (Kafka mutes the channel for that long, KIP-219). 0 by default.
     */
    default int muteMs() {
        return 0;
    }

    /** Frees the buffers and file regions when the response will never be written (connection gone). */
    void release();
}
