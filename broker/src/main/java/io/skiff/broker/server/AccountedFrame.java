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
