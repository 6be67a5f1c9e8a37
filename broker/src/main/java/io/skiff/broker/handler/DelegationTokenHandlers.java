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

import io.skiff.broker.security.SecurityProtocol;
import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.broker.security.principal.KafkaPrincipal;
import io.skiff.protocol.ApiMessage;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.CreateDelegationTokenRequest;
import io.skiff.protocol.message.CreateDelegationTokenResponse;
import io.skiff.protocol.message.DescribeDelegationTokenRequest;
import io.skiff.protocol.message.DescribeDelegationTokenResponse;
import io.skiff.protocol.message.ExpireDelegationTokenRequest;
import io.skiff.protocol.message.ExpireDelegationTokenResponse;
import io.skiff.protocol.message.RenewDelegationTokenRequest;
import io.skiff.protocol.message.RenewDelegationTokenResponse;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * The delegation-token APIs, CreateDelegationToken (38), RenewDelegationToken (39), ExpireDelegationToken (40) and
 * DescribeDelegationToken (41), at Kafka 4.4's versions, answered as Kafka answers them on a broker with delegation
 * tokens disabled (no {@code delegation.token.secret.key}): Skiff issues no tokens.
 * <ul>
 *   <li>on a channel where Kafka never allows token requests (PLAINTEXT, TLS without a client certificate) →
 *       DELEGATION_TOKEN_REQUEST_NOT_ALLOWED;</li>
 *   <li>create: for another owner without CREATE_TOKENS on that user → DELEGATION_TOKEN_AUTHORIZATION_FAILED, a
 *       renewer that is not a User → INVALID_PRINCIPAL_TYPE (the broker's checks), else DELEGATION_TOKEN_AUTH_DISABLED
 *       (the controller's answer), with the owner and requester echoed and -1 timestamps;</li>
 *   <li>renew, expire, describe: DELEGATION_TOKEN_AUTH_DISABLED, expiry -1, no tokens.</li>
 * </ul>
 *
 * <p>Thread-safe: stateless.
 */
public final class DelegationTokenHandlers {
    /** Kafka's expiry timestamp in an error answer. */
    static final long ERROR_TIMESTAMP = -1L;

    private DelegationTokenHandlers() {}

    public static void register(HandlerRegistry registry) {
        registry.register(new Create());
        registry.register(renew());
        registry.register(expire());
        registry.register(describe());
    }

    /** Kafka's rule: never on PLAINTEXT or one-way TLS (nor on a token-authenticated channel: Skiff has none). */
    static boolean allowed(RequestContext ctx) {
        SecurityProtocol protocol = ctx.security().protocol();
        return protocol != SecurityProtocol.PLAINTEXT
                && !(protocol == SecurityProtocol.SSL && ctx.principal().equals(KafkaPrincipal.ANONYMOUS));
    }

    static final class Create extends AbstractApiHandler<CreateDelegationTokenRequest, CreateDelegationTokenResponse> {
        Create() {
            super(ApiKeys.CREATE_DELEGATION_TOKEN, 1, 3);
        }

        @Override
        public CompletableFuture<CreateDelegationTokenResponse> handle(
                RequestContext ctx, CreateDelegationTokenRequest request) {
            KafkaPrincipal requester = ctx.principal();
            String ownerName = request.ownerPrincipalName();
            KafkaPrincipal owner = ownerName == null || ownerName.isEmpty()
                    ? requester
                    : new KafkaPrincipal(request.ownerPrincipalType(), ownerName);
            Errors error;
            if (!allowed(ctx)) {
                error = Errors.DELEGATION_TOKEN_REQUEST_NOT_ALLOWED;
            } else if (!owner.equals(requester)
                    && !ctx.allowed(AclOperation.CREATE_TOKENS, ResourceType.USER, owner.toString())) {
                error = Errors.DELEGATION_TOKEN_AUTHORIZATION_FAILED;
            } else if (request.renewers().stream().anyMatch(r -> !KafkaPrincipal.USER_TYPE.equals(r.principalType()))) {
                error = Errors.INVALID_PRINCIPAL_TYPE;
            } else {
                error = Errors.DELEGATION_TOKEN_AUTH_DISABLED;
            }
            return CompletableFuture.completedFuture(answer(ctx, error, owner, requester));
        }

        /** The requester is only in v3+ answers (Kafka leaves it empty below). */
        private static CreateDelegationTokenResponse answer(
                RequestContext ctx, Errors error, KafkaPrincipal owner, KafkaPrincipal requester) {
            CreateDelegationTokenResponse response = new CreateDelegationTokenResponse();
            if (ctx.apiVersion() >= 3) {
                response.setTokenRequesterPrincipalType(requester.type())
                        .setTokenRequesterPrincipalName(requester.name());
            }
            return response.setErrorCode(error.code())
                    .setPrincipalType(owner.type())
                    .setPrincipalName(owner.name())
                    .setIssueTimestampMs(ERROR_TIMESTAMP)
                    .setExpiryTimestampMs(ERROR_TIMESTAMP)
                    .setMaxTimestampMs(ERROR_TIMESTAMP)
                    .setTokenId("")
                    .setHmac(new byte[0]);
        }

        @Override
        public CreateDelegationTokenResponse errorResponse(
                RequestContext ctx, CreateDelegationTokenRequest request, Errors error) {
            return answer(ctx, error, ctx.principal(), ctx.principal());
        }
    }

    /**
     * Renew, expire and describe: always refused, with DELEGATION_TOKEN_AUTH_DISABLED where Kafka allows token
     * requests and DELEGATION_TOKEN_REQUEST_NOT_ALLOWED elsewhere.
     */
    static final class Refused<Q extends ApiMessage, S extends ApiMessage> extends AbstractApiHandler<Q, S> {
        private final Function<Errors, S> answer;

        /** @param answer the API's answer with an error code (and Kafka's -1 expiry where it has one) */
        Refused(ApiKeys api, int minVersion, int maxVersion, Function<Errors, S> answer) {
            super(api, minVersion, maxVersion);
            this.answer = answer;
        }

        @Override
        public CompletableFuture<S> handle(RequestContext ctx, Q request) {
            return CompletableFuture.completedFuture(answer.apply(refusal(ctx)));
        }

        @Override
        public S errorResponse(RequestContext ctx, Q request, Errors error) {
            return answer.apply(error);
        }
    }

    static Refused<RenewDelegationTokenRequest, RenewDelegationTokenResponse> renew() {
        return new Refused<>(
                ApiKeys.RENEW_DELEGATION_TOKEN,
                1,
                2,
                error -> new RenewDelegationTokenResponse()
                        .setErrorCode(error.code())
                        .setExpiryTimestampMs(ERROR_TIMESTAMP));
    }

    static Refused<ExpireDelegationTokenRequest, ExpireDelegationTokenResponse> expire() {
        return new Refused<>(
                ApiKeys.EXPIRE_DELEGATION_TOKEN,
                1,
                2,
                error -> new ExpireDelegationTokenResponse()
                        .setErrorCode(error.code())
                        .setExpiryTimestampMs(ERROR_TIMESTAMP));
    }

    static Refused<DescribeDelegationTokenRequest, DescribeDelegationTokenResponse> describe() {
        return new Refused<>(
                ApiKeys.DESCRIBE_DELEGATION_TOKEN,
                1,
                3,
                error -> new DescribeDelegationTokenResponse().setErrorCode(error.code()));
    }

    private static Errors refusal(RequestContext ctx) {
        return allowed(ctx) ? Errors.DELEGATION_TOKEN_AUTH_DISABLED : Errors.DELEGATION_TOKEN_REQUEST_NOT_ALLOWED;
    }
}
