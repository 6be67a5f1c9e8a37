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
import io.skiff.broker.control.AppliedFault;
import io.skiff.broker.control.Faults;
import io.skiff.broker.fetch.FetchPartitionKey;
import io.skiff.broker.handler.ApiHandler;
import io.skiff.broker.handler.ApiVersionsHandler;
import io.skiff.broker.handler.CloseConnectionException;
import io.skiff.broker.handler.FetchHandler;
import io.skiff.broker.handler.HandlerRegistry;
import io.skiff.broker.handler.InjectedErrors;
import io.skiff.broker.handler.RequestAuthorizer;
import io.skiff.broker.handler.RequestContext;
import io.skiff.broker.quota.ClientQuotas;
import io.skiff.broker.security.ConnectionSecurity;
import io.skiff.protocol.ApiMessage;
import io.skiff.protocol.ByteBufferAccessor;
import io.skiff.protocol.Errors;
import io.skiff.protocol.ThrottledResponse;
import io.skiff.protocol.header.RequestHeader;
import io.skiff.protocol.header.ResponseHeader;
import io.skiff.protocol.message.ApiKeys;
import java.nio.ByteBuffer;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.IntFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Kafka's request level: decodes the header and body of a frame, dispatches to the registered
 * {@link ApiHandler} (on the network thread, or on the blocking executor when the handler's execution says so) and
 * encodes its response (header + body; record data from files as file regions).
 *
 * <p>What closes the connection (there is no error answer for it in the protocol): an unknown API key, an API
 * we do not serve, a version outside the advertised range or one the schema cannot decode (Produce v0–2), an
 * undecodable header or body. The one exception is ApiVersions of a version we do not know, answered with
 * UNSUPPORTED_VERSION and our ranges in a v0 body with header v0 (KIP-511). On SASL listeners, any API but
 * ApiVersions and the SASL APIs before authentication, or after the session ended without re-authentication,
 * closes the connection as Kafka does.
 *
 * <p>Request quotas ({@code request_percentage}) are enforced here for every API but the SASL ones and
 * WriteTxnMarkers (Kafka exempts inter-broker requests): the time a handler takes is measured only while such a quota
 * is set, and the throttle time it earns goes into the answer's {@code throttle_time_ms} (when the handler did not
 * set a longer one, for a byte-rate quota) and mutes the connection for that long.
 *
 * <p>Thread-safe: stateless; the registry is thread-safe.
 */
public final class KafkaRequestProcessor implements RequestProcessor {
    private static final Logger LOG = LoggerFactory.getLogger(KafkaRequestProcessor.class);
    /** api key + api version + correlation id + client id length: the least any request header has. */
    private static final int MIN_HEADER_BYTES = 10;
    /** What a SASL listener serves before the client has authenticated (and what re-authentication uses). */
    private static final Set<ApiKeys> SASL_APIS =
            EnumSet.of(ApiKeys.API_VERSIONS, ApiKeys.SASL_HANDSHAKE, ApiKeys.SASL_AUTHENTICATE);
    /** Not counted against request quotas: authentication, and what Kafka's brokers send each other. */
    private static final Set<ApiKeys> REQUEST_QUOTA_EXEMPT =
            EnumSet.of(ApiKeys.SASL_HANDSHAKE, ApiKeys.SASL_AUTHENTICATE, ApiKeys.WRITE_TXN_MARKERS);

    private final HandlerRegistry registry;
    private final Executor blockingExecutor;
    private final RequestAuthorizer authorizer;
    private final ClientQuotas quotas;
    private final Faults faults;
    // One bound reference, not one per request: under C1 (the launched broker's JIT) each capture of a method
    // reference is a slow allocation through a method handle (Unsafe.allocateInstance, seen in the profiles).
    private final IntFunction<List<FetchPartitionKey>> fetchSessionPartitions = this::fetchSessionPartitions;

    /**
     * A processor without an authorizer: every request is allowed.
     *
     * @param blockingExecutor runs the handlers whose execution is {@code BLOCKING_EXECUTOR}
     */
    public KafkaRequestProcessor(HandlerRegistry registry, Executor blockingExecutor) {
        this(registry, blockingExecutor, RequestAuthorizer.ALLOW_ALL, null, null);
    }

    /**
     * @param authorizer decides what each request's principal may do
     * @param quotas     the client quotas whose request percentages it enforces; null: none
     * @param faults     the fault rules checked for every decoded request before its handler, or null for none
     */
    public KafkaRequestProcessor(
            HandlerRegistry registry,
            Executor blockingExecutor,
            RequestAuthorizer authorizer,
            ClientQuotas quotas,
            Faults faults) {
        this.registry = registry;
        this.blockingExecutor = blockingExecutor;
        this.authorizer = authorizer;
        this.quotas = quotas;
        this.faults = faults;
    }

    /** The partitions of one of this node's fetch sessions (its registry's Fetch handler holds them). */
    private List<FetchPartitionKey> fetchSessionPartitions(int sessionId) {
        return registry.handler(ApiKeys.FETCH) instanceof FetchHandler fetch
                ? fetch.sessions().partitionsOf(sessionId)
                : List.of();
    }

    @Override
    public CompletableFuture<OutboundResponse> process(
            ConnectionInfo connection, ByteBuf frame, ByteBufAllocator alloc) {
        ByteBuffer buf = frame.nioBuffer();
        int sizeInBytes = buf.remaining();
        if (buf.remaining() < MIN_HEADER_BYTES) {
            throw new CloseConnectionException("request of " + buf.remaining() + " bytes is too short for a header");
        }
        short apiKey = buf.getShort(0);
        short version = buf.getShort(2);
        int correlationId = buf.getInt(4);
        ApiKeys api = ApiKeys.forId(apiKey);
        if (api == null) {
            throw new CloseConnectionException("unknown API key " + apiKey);
        }
        ApiHandler<?, ?> handler = registry.handler(api);
        if (handler == null) {
            throw new CloseConnectionException("API " + api.name + " (key " + apiKey + ") is not supported");
        }
        boolean advertised = version >= handler.minVersion() && version <= handler.maxVersion();
        if (api == ApiKeys.API_VERSIONS && !advertised) {
            return CompletableFuture.completedFuture(encode(
                    alloc,
                    ApiVersionsHandler.unsupportedVersionResponse(registry),
                    (short) 0,
                    (short) 0,
                    correlationId));
        }
        if (!advertised || version < api.lowestVersion() || version > api.highestVersion()) {
            throw new CloseConnectionException(api.name + " v" + version + " is not supported (we decode "
                    + Math.max(handler.minVersion(), api.lowestVersion()) + ".." + handler.maxVersion() + ")");
        }
        ConnectionSecurity security = connection.security();
        if (!SASL_APIS.contains(api) && !security.mayServe()) {
            throw new CloseConnectionException(
                    security.isAuthenticated()
                            ? "SASL session expired (connections.max.reauth.ms) before " + api.name
                                    + "; the client did not re-authenticate"
                            : "Unexpected Kafka request of type " + api.name + " during SASL handshake.");
        }
        RequestHeader header;
        ApiMessage request;
        try {
            header = RequestHeader.read(buf, connection.client().clientIdCache());
            request = api.newRequest();
            request.read(new ByteBufferAccessor(buf), version);
        } catch (RuntimeException e) {
            throw new CloseConnectionException(
                    "cannot decode " + api.name + " v" + version + " request: " + e.getMessage(), e);
        }
        connection.client().requested(apiKey, header.clientId(), security.nowMs());
        RequestContext ctx = new RequestContext(
                header,
                connection.connectionId(),
                connection.listenerName(),
                connection.clientAddress(),
                security,
                authorizer,
                sizeInBytes,
                InjectedErrors.NONE);
        AppliedFault fault = faults == null
                ? null
                : faults.check(
                        api,
                        version,
                        header.clientId(),
                        connection.listenerName(),
                        request,
                        connection.connectionId(),
                        fetchSessionPartitions);
        if (fault != null) {
            return fault.run(
                    injected -> dispatch(
                            handler,
                            injected == InjectedErrors.NONE ? ctx : ctx.withInjectedErrors(injected),
                            request,
                            alloc),
                    handler.answersInjectedErrors(),
                    error -> errorAnswer(handler, ctx, request, alloc, error),
                    OutboundResponse::release);
        }
        return dispatch(handler, ctx, request, alloc);
    }

    /** A fault rule's error answer: the handler's error response, without running the handler. */
    @SuppressWarnings("unchecked")
    private <Q extends ApiMessage, S extends ApiMessage> CompletableFuture<OutboundResponse> errorAnswer(
            ApiHandler<Q, S> handler, RequestContext ctx, ApiMessage request, ByteBufAllocator alloc, Errors error) {
        S response = handler.errorResponse(ctx, (Q) request, error);
        if (response == null) {
            return handler.api() == ApiKeys.PRODUCE
                    ? CompletableFuture.completedFuture(null) // acks=0: no answer, as without the fault
                    : CompletableFuture.failedFuture(new CloseConnectionException(
                            handler.api().name + " has no error answer; the fault rule closes the connection"));
        }
        short version = ctx.apiVersion();
        return CompletableFuture.completedFuture(
                encode(alloc, response, version, handler.api().responseHeaderVersion(version), ctx.correlationId()));
    }

    @SuppressWarnings("unchecked")
    private <Q extends ApiMessage, S extends ApiMessage> CompletableFuture<OutboundResponse> dispatch(
            ApiHandler<Q, S> handler, RequestContext ctx, ApiMessage request, ByteBufAllocator alloc) {
        Q typed = (Q) request;
        boolean measured =
                quotas != null && quotas.requestQuotaEnabled() && !REQUEST_QUOTA_EXEMPT.contains(handler.api());
        long[] handlerNanos = measured ? new long[1] : null;
        CompletableFuture<S> result;
        if (handler.execution() == ApiHandler.Execution.BLOCKING_EXECUTOR) {
            result = CompletableFuture.supplyAsync(
                            () -> {
                                long start = measured ? System.nanoTime() : 0;
                                try {
                                    return handler.handle(ctx, typed);
                                } finally {
                                    if (measured) {
                                        handlerNanos[0] = System.nanoTime() - start;
                                    }
                                }
                            },
                            blockingExecutor)
                    .thenCompose(f -> f);
        } else {
            long start = measured ? System.nanoTime() : 0;
            try {
                result = handler.handle(ctx, typed);
            } catch (RuntimeException e) {
                result = CompletableFuture.failedFuture(e);
            }
            if (measured) {
                handlerNanos[0] = System.nanoTime() - start;
            }
        }
        short version = ctx.apiVersion();
        short headerVersion = handler.api().responseHeaderVersion(version);
        return result.handle((response, error) -> {
            if (error != null) {
                Throwable cause =
                        error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
                if (cause instanceof CloseConnectionException) {
                    throw new CompletionException(cause); // the handler refuses the request as Kafka's parser does
                }
                LOG.warn(
                        "{} v{} from {} (client id {}) failed",
                        handler.api().name,
                        version,
                        ctx.clientAddress(),
                        ctx.clientId(),
                        cause);
                S fallback = handler.errorResponse(ctx, typed, Errors.UNKNOWN_SERVER_ERROR);
                if (fallback == null) {
                    throw new CompletionException(
                            new CloseConnectionException(handler.api().name + " failed with " + cause, cause));
                }
                response = fallback;
            }
            if (response == null) {
                return null;
            }
            int throttleMs = 0;
            if (response instanceof ThrottledResponse throttled) {
                throttleMs = throttled.throttleTimeMs();
                if (measured) {
                    int requestThrottleMs =
                            quotas.recordRequestTime(ctx.principal().name(), ctx.clientId(), handlerNanos[0]);
                    if (requestThrottleMs > throttleMs) {
                        throttleMs = requestThrottleMs;
                        throttled.setThrottleTimeMs(throttleMs);
                    }
                }
            }
            return encode(alloc, response, version, headerVersion, ctx.correlationId(), throttleMs);
        });
    }

    /** Encodes the size prefix, header and body; record data from files becomes file regions. */
    static OutboundResponse encode(
            ByteBufAllocator alloc, ApiMessage response, short version, short headerVersion, int correlationId) {
        return encode(alloc, response, version, headerVersion, correlationId, 0);
    }

    /** {@link #encode} of a response after which the connection reads nothing for {@code muteMs}. */
    static OutboundResponse encode(
            ByteBufAllocator alloc,
            ApiMessage response,
            short version,
            short headerVersion,
            int correlationId,
            int muteMs) {
        int size = ResponseHeader.size(headerVersion) + response.size(version);
        NettyWritable out = new NettyWritable(alloc, size + Integer.BYTES);
        try {
            out.writeInt(size);
            ResponseHeader.write(out, correlationId, headerVersion);
            response.write(out, version);
            return new EncodedResponse(out.finish(), muteMs);
        } catch (RuntimeException e) {
            out.release();
            throw e;
        }
    }
}
