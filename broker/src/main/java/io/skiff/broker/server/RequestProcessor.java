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
import java.util.concurrent.CompletableFuture;

/**
 * Turns one request frame into a response. The transport calls it with one frame at a time per connection
 * and keeps the frame alive until the returned future completes, so decoded messages may view its bytes.
 *
 * <p>Implementations must be thread-safe: connections on different event loops call it concurrently.
 */
public interface RequestProcessor {
    /**
     * Processes one frame (the bytes after the 4-byte size).
     *
     * @return a future of the encoded response, of {@code null} to send nothing (acks=0 produce); completed
     *     exceptionally with {@link io.skiff.broker.handler.CloseConnectionException} (or anything else) to close
     *     the connection
     */
    CompletableFuture<OutboundResponse> process(ConnectionInfo connection, ByteBuf frame, ByteBufAllocator alloc);
}
