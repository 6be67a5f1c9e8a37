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

import static io.skiff.broker.handler.AdminFixture.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.security.ConnectionSecurity;
import io.skiff.broker.security.SecurityProtocol;
import io.skiff.broker.security.principal.KafkaPrincipal;
import io.skiff.protocol.Errors;
import io.skiff.protocol.header.RequestHeader;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.CreateDelegationTokenRequest;
import io.skiff.protocol.message.CreateDelegationTokenRequest.CreatableRenewers;
import io.skiff.protocol.message.CreateDelegationTokenResponse;
import io.skiff.protocol.message.DescribeDelegationTokenRequest;
import io.skiff.protocol.message.DescribeDelegationTokenResponse;
import io.skiff.protocol.message.ExpireDelegationTokenRequest;
import io.skiff.protocol.message.ExpireDelegationTokenResponse;
import io.skiff.protocol.message.RenewDelegationTokenRequest;
import io.skiff.protocol.message.RenewDelegationTokenResponse;
import java.net.InetSocketAddress;
import java.time.Clock;
import org.junit.jupiter.api.Test;

/** Kafka 4.4's answers on a broker without {@code delegation.token.secret.key}. */
class DelegationTokenHandlersTest {
    private final DelegationTokenHandlers.Create create = new DelegationTokenHandlers.Create();

    /** A request from alice, authenticated over SASL_PLAINTEXT, where Kafka allows token requests. */
    private static RequestContext sasl(ApiKeys api, int version) {
        ConnectionSecurity security = new ConnectionSecurity(SecurityProtocol.SASL_PLAINTEXT, Clock.systemUTC());
        security.saslAuthenticated(KafkaPrincipal.user("alice"), Long.MAX_VALUE);
        return new RequestContext(
                new RequestHeader(api, (short) version, 7, "test-client"),
                "conn-1",
                "SASL_PLAINTEXT",
                new InetSocketAddress("127.0.0.1", 50000),
                security,
                RequestAuthorizer.ALLOW_ALL,
                0,
                InjectedErrors.NONE);
    }

    @Test
    void plaintextIsNeverAllowed() {
        CreateDelegationTokenResponse created = call(create, 3, new CreateDelegationTokenRequest());
        assertEquals(Errors.DELEGATION_TOKEN_REQUEST_NOT_ALLOWED.code(), created.errorCode());
        assertEquals("User", created.principalType());
        assertEquals("ANONYMOUS", created.principalName());
        assertEquals("ANONYMOUS", created.tokenRequesterPrincipalName());
        assertEquals(-1L, created.expiryTimestampMs());
        RenewDelegationTokenResponse renewed =
                call(DelegationTokenHandlers.renew(), 2, new RenewDelegationTokenRequest());
        assertEquals(Errors.DELEGATION_TOKEN_REQUEST_NOT_ALLOWED.code(), renewed.errorCode());
        assertEquals(-1L, renewed.expiryTimestampMs());
        ExpireDelegationTokenResponse expired =
                call(DelegationTokenHandlers.expire(), 2, new ExpireDelegationTokenRequest());
        assertEquals(Errors.DELEGATION_TOKEN_REQUEST_NOT_ALLOWED.code(), expired.errorCode());
        DescribeDelegationTokenResponse described =
                call(DelegationTokenHandlers.describe(), 3, new DescribeDelegationTokenRequest());
        assertEquals(Errors.DELEGATION_TOKEN_REQUEST_NOT_ALLOWED.code(), described.errorCode());
        assertTrue(described.tokens().isEmpty());
    }

    @Test
    void onSaslTheFeatureIsDisabled() {
        CreateDelegationTokenResponse created = create.handle(
                        sasl(ApiKeys.CREATE_DELEGATION_TOKEN, 3), new CreateDelegationTokenRequest())
                .join();
        assertEquals(Errors.DELEGATION_TOKEN_AUTH_DISABLED.code(), created.errorCode());
        assertEquals("alice", created.principalName());
        assertEquals("alice", created.tokenRequesterPrincipalName());
        assertEquals("", created.tokenId());
        assertEquals(
                Errors.DELEGATION_TOKEN_AUTH_DISABLED.code(),
                DelegationTokenHandlers.renew()
                        .handle(sasl(ApiKeys.RENEW_DELEGATION_TOKEN, 2), new RenewDelegationTokenRequest())
                        .join()
                        .errorCode());
        assertEquals(
                Errors.DELEGATION_TOKEN_AUTH_DISABLED.code(),
                DelegationTokenHandlers.expire()
                        .handle(sasl(ApiKeys.EXPIRE_DELEGATION_TOKEN, 2), new ExpireDelegationTokenRequest())
                        .join()
                        .errorCode());
        assertEquals(
                Errors.DELEGATION_TOKEN_AUTH_DISABLED.code(),
                DelegationTokenHandlers.describe()
                        .handle(sasl(ApiKeys.DESCRIBE_DELEGATION_TOKEN, 3), new DescribeDelegationTokenRequest())
                        .join()
                        .errorCode());
    }

    /** The broker's own checks come first: a renewer must be a User; an owner other than the requester is echoed. */
    @Test
    void createChecksRenewersAndEchoesTheOwner() {
        CreateDelegationTokenRequest request =
                new CreateDelegationTokenRequest().setOwnerPrincipalType("User").setOwnerPrincipalName("bob");
        request.renewers().add(new CreatableRenewers().setPrincipalType("Group").setPrincipalName("ops"));
        CreateDelegationTokenResponse created =
                create.handle(sasl(ApiKeys.CREATE_DELEGATION_TOKEN, 3), request).join();
        assertEquals(Errors.INVALID_PRINCIPAL_TYPE.code(), created.errorCode());
        assertEquals("bob", created.principalName());
        assertEquals("alice", created.tokenRequesterPrincipalName());
    }
}
