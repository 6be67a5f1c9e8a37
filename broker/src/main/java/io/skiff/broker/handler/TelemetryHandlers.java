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

import io.skiff.broker.telemetry.ClientDescription;
import io.skiff.broker.telemetry.ClientTelemetry;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.GetTelemetrySubscriptionsRequest;
import io.skiff.protocol.message.GetTelemetrySubscriptionsResponse;
import io.skiff.protocol.message.PushTelemetryRequest;
import io.skiff.protocol.message.PushTelemetryResponse;
import java.util.ArrayList;
import java.util.concurrent.CompletableFuture;

/**
 * The client telemetry APIs of KIP-714, version 0 each, served by {@link ClientTelemetry}: GetTelemetrySubscriptions
 * (key 71) gives a client its instance id and what to push, so the Java client's {@code clientInstanceId()} answers at
 * once; PushTelemetry (key 72) takes its metrics. Kafka needs no ACL for either.
 *
 * <p>Thread-safe: stateless; the telemetry is thread-safe.
 */
public final class TelemetryHandlers {
    private TelemetryHandlers() {}

    /** Registers both handlers. */
    public static void register(HandlerRegistry registry, ClientTelemetry telemetry) {
        registry.register(new GetSubscriptions(telemetry));
        registry.register(new Push(telemetry));
    }

    static ClientDescription client(RequestContext ctx) {
        return new ClientDescription(
                ctx.clientId(),
                ctx.security().clientSoftwareName(),
                ctx.security().clientSoftwareVersion(),
                ctx.clientAddress().getAddress().getHostAddress(),
                ctx.clientAddress().getPort(),
                ctx.connectionId());
    }

    static final class GetSubscriptions
            extends AbstractApiHandler<GetTelemetrySubscriptionsRequest, GetTelemetrySubscriptionsResponse> {
        private final ClientTelemetry telemetry;

        GetSubscriptions(ClientTelemetry telemetry) {
            super(ApiKeys.GET_TELEMETRY_SUBSCRIPTIONS, 0, 0);
            this.telemetry = telemetry;
        }

        @Override
        public CompletableFuture<GetTelemetrySubscriptionsResponse> handle(
                RequestContext ctx, GetTelemetrySubscriptionsRequest request) {
            ClientTelemetry.SubscriptionAnswer answer =
                    telemetry.getSubscriptions(request.clientInstanceId(), client(ctx));
            GetTelemetrySubscriptionsResponse response = new GetTelemetrySubscriptionsResponse()
                    .setErrorCode(answer.error().code());
            if (answer.error() == Errors.NONE) {
                response.setClientInstanceId(answer.clientInstanceId())
                        .setSubscriptionId(answer.subscriptionId())
                        .setAcceptedCompressionTypes(new ArrayList<>(answer.acceptedCompressionTypes()))
                        .setPushIntervalMs(answer.pushIntervalMs())
                        .setTelemetryMaxBytes(answer.telemetryMaxBytes())
                        .setDeltaTemporality(answer.deltaTemporality())
                        .setRequestedMetrics(new ArrayList<>(answer.requestedMetrics()));
            }
            return CompletableFuture.completedFuture(response);
        }

        @Override
        public GetTelemetrySubscriptionsResponse errorResponse(
                RequestContext ctx, GetTelemetrySubscriptionsRequest request, Errors error) {
            return new GetTelemetrySubscriptionsResponse().setErrorCode(error.code());
        }
    }

    static final class Push extends AbstractApiHandler<PushTelemetryRequest, PushTelemetryResponse> {
        private final ClientTelemetry telemetry;

        Push(ClientTelemetry telemetry) {
            super(ApiKeys.PUSH_TELEMETRY, 0, 0);
            this.telemetry = telemetry;
        }

        @Override
        public CompletableFuture<PushTelemetryResponse> handle(RequestContext ctx, PushTelemetryRequest request) {
            Errors error = telemetry.push(
                    request.clientInstanceId(),
                    request.subscriptionId(),
                    request.terminating(),
                    request.compressionType(),
                    request.metrics(),
                    client(ctx));
            return CompletableFuture.completedFuture(new PushTelemetryResponse().setErrorCode(error.code()));
        }

        @Override
        public PushTelemetryResponse errorResponse(RequestContext ctx, PushTelemetryRequest request, Errors error) {
            return new PushTelemetryResponse().setErrorCode(error.code());
        }
    }
}
