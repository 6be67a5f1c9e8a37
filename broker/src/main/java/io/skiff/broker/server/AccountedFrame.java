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
import io.netty.buffer.WrappedByteBuf;

/**
 * A request frame whose bytes are counted in the {@link RequestMemoryPool} until it is released for the last time
 * (the request is answered, or dropped with its connection).
 *
 * <p>Not thread-safe, as any ByteBuf; the release that frees it may come from any thread.
 */
final class AccountedFrame extends WrappedByteBuf {
    private final RequestMemoryPool pool;
    private final int bytes;

    AccountedFrame(ByteBuf frame, RequestMemoryPool pool, int bytes) {
        super(frame);
        this.pool = pool;
        this.bytes = bytes;
    }

    @Override
    public boolean release() {
        return returned(super.release());
    }

    @Override
    public boolean release(int decrement) {
        return returned(super.release(decrement));
    }

    private boolean returned(boolean deallocated) {
        if (deallocated) {
            pool.release(bytes);
        }
        return deallocated;
    }
}
