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
package io.skiff.broker.handler;

import io.skiff.protocol.ApiMessage;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import java.util.concurrent.CompletableFuture;

/**
 * Serves one Kafka API: turns a decoded request into a response. Registered in a {@link HandlerRegistry};
 * the ApiVersions answer lists exactly the registered handlers with {@link #minVersion()}..{@link #maxVersion()}.
 *
 * <p>The server calls {@link #handle} for one request at a time per connection, but concurrently for
 * different connections: implementations must be thread-safe. Where {@link #handle} runs is part of this contract,
 * see {@link #execution()}. Record data inside the request views the
 * network buffer and is valid only until the returned future completes.
 *
 * @param <Q> the request message
 * @param <S> the response message
 */
public interface ApiHandler<Q extends ApiMessage, S extends ApiMessage> {
    /** The API served. */
    ApiKeys api();

    /** Lowest version advertised (may be below what the schema decodes, e.g. Produce 0; such requests close the connection). */
    short minVersion();

    /** Highest version advertised; at most {@code api().highestVersion()}. */
    short maxVersion();

    /** Where the server runs {@link #handle}. */
    enum Execution {
        /**
         * On the connection's network thread: the handler never blocks (no file creation or deletion, no fsync, no
         * waiting on a lock held across disk work). Appends to the page cache and reads of the log are allowed.
         */
        NETWORK_THREAD,
        /** On the broker's blocking executor: for handlers that create or delete files, fsync, or wait on them. */
        BLOCKING_EXECUTOR
    }

    /**
     * Where {@link #handle} runs; {@link Execution#NETWORK_THREAD} unless the handler says otherwise. Operations
     * that block on the disk check it ({@code NetworkThreads.checkMayBlock}), so a handler that declares the wrong
     * execution fails in tests.
     */
    default Execution execution() {
        return Execution.NETWORK_THREAD;
    }

    /**
     * Handles a request. The future may complete later (a delayed fetch, a join waiting for members) and on
     * any thread. Completing with {@code null} sends no response (acks=0 produce). Per-partition problems are
     * error codes inside the response; an exception makes the server answer with {@link #errorResponse}, or
     * close the connection when that gives none. A {@link CloseConnectionException} closes the connection without
     * an answer, for requests Kafka refuses while parsing them.
     */
    CompletableFuture<S> handle(RequestContext ctx, Q request);

    /**
     * The response to send when {@link #handle} failed with an unexpected exception, carrying {@code error}
     * everywhere the response has an error code; {@code null} (the default) closes the connection instead.
     */
    default S errorResponse(RequestContext ctx, Q request, Errors error) {
        return null;
    }

    /**
     * Whether {@link #handle} answers the {@link RequestContext#injectedError injected errors} of a fault rule in
     * the partitions they name and processes the others; otherwise such a rule answers {@link #errorResponse}.
     */
    default boolean answersInjectedErrors() {
        return false;
    }
}
