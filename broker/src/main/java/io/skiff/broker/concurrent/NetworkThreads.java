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
package io.skiff.broker.concurrent;

import java.util.concurrent.ThreadFactory;

/**
 * Knows which threads are network (event-loop) threads, so that code that blocks on the disk can refuse to run on
 * one. A network thread serves many connections; one fsync or file creation on it stalls all of them, which is why
 * handlers that touch the disk declare {@code BLOCKING_EXECUTOR} and are run on an executor by the server.
 *
 * <p>{@link #checkMayBlock} throws only when assertions are enabled (tests run with them): a violation is a bug
 * that the test suite must find, while a broker in use keeps serving.
 *
 * <p>Thread-safe: the mark is a thread-local set once by the thread itself.
 */
public final class NetworkThreads {
    private static final ThreadLocal<Boolean> NETWORK = ThreadLocal.withInitial(() -> Boolean.FALSE);
    private static final boolean ENFORCED = NetworkThreads.class.desiredAssertionStatus();

    private NetworkThreads() {}

    /** A factory whose threads mark themselves as network threads before running anything. */
    public static ThreadFactory marking(ThreadFactory factory) {
        return task -> factory.newThread(() -> {
            NETWORK.set(Boolean.TRUE);
            task.run();
        });
    }

    /** Whether the calling thread is a network thread. */
    public static boolean isNetworkThread() {
        return NETWORK.get();
    }

    /**
     * Called by operations that create or delete files or fsync.
     *
     * @param operation what is about to block, for the message
     * @throws IllegalStateException on a network thread, when assertions are enabled
     */
    public static void checkMayBlock(String operation) {
        if (ENFORCED && NETWORK.get()) {
            throw new IllegalStateException(operation + " blocks on the disk and must not run on a network thread "
                    + Thread.currentThread().getName() + ": run it from a BLOCKING_EXECUTOR handler or an executor");
        }
    }
}
