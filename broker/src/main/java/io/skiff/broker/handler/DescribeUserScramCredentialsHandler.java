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

import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.security.sasl.ScramCredential;
import io.skiff.broker.security.sasl.ScramCredentialStore;
import io.skiff.broker.security.sasl.ScramMechanism;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.DescribeUserScramCredentialsRequest;
import io.skiff.protocol.message.DescribeUserScramCredentialsResponse;
import io.skiff.protocol.message.DescribeUserScramCredentialsResponse.CredentialInfo;
import io.skiff.protocol.message.DescribeUserScramCredentialsResponse.DescribeUserScramCredentialsResult;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * DescribeUserScramCredentials (key 50), version 0: per user, the mechanisms and iteration counts of its SCRAM
 * credentials (never the keys). No users (null or empty) describes every user. A user named twice →
 * DUPLICATE_RESOURCE, an unknown one → RESOURCE_NOT_FOUND, with Kafka's messages. Requires DESCRIBE on the
 * cluster when an authorizer is configured.
 *
 * <p>Thread-safe: stateless apart from the thread-safe store.
 */
public final class DescribeUserScramCredentialsHandler
        extends AbstractApiHandler<DescribeUserScramCredentialsRequest, DescribeUserScramCredentialsResponse> {
    private final ScramCredentialStore store;

    public DescribeUserScramCredentialsHandler(ScramCredentialStore store) {
        super(ApiKeys.DESCRIBE_USER_SCRAM_CREDENTIALS, 0, 0);
        this.store = store;
    }

    @Override
    public CompletableFuture<DescribeUserScramCredentialsResponse> handle(
            RequestContext ctx, DescribeUserScramCredentialsRequest request) {
        DescribeUserScramCredentialsResponse response = new DescribeUserScramCredentialsResponse();
        if (!ctx.clusterAllowed(AclOperation.DESCRIBE)) {
            return CompletableFuture.completedFuture(response.setErrorCode(Errors.CLUSTER_AUTHORIZATION_FAILED.code())
                    .setErrorMessage(Errors.CLUSTER_AUTHORIZATION_FAILED.message()));
        }
        Map<String, Map<ScramMechanism, ScramCredential>> all = store.all();
        List<String> users = new ArrayList<>();
        if (request.users() == null || request.users().isEmpty()) {
            users.addAll(all.keySet());
        } else {
            request.users().forEach(u -> users.add(u.name()));
        }
        Set<String> duplicates = RepeatedNames.of(users, user -> user);
        Set<String> answered = new HashSet<>();
        for (String user : users) {
            if (!answered.add(user)) {
                continue;
            }
            DescribeUserScramCredentialsResult result =
                    new DescribeUserScramCredentialsResult().setUser(user).setErrorCode(Errors.NONE.code());
            Map<ScramMechanism, ScramCredential> credentials = all.get(user);
            if (duplicates.contains(user)) {
                result.setErrorCode(Errors.DUPLICATE_RESOURCE.code())
                        .setErrorMessage(
                                "Cannot describe SCRAM credentials for the same user twice in a single request");
            } else if (credentials == null) {
                result.setErrorCode(Errors.RESOURCE_NOT_FOUND.code())
                        .setErrorMessage("Attempt to describe a user credential that does not exist: " + user);
            } else {
                credentials.forEach((mechanism, credential) -> result.credentialInfos()
                        .add(new CredentialInfo()
                                .setMechanism(mechanism.type())
                                .setIterations(credential.iterations())));
            }
            response.results().add(result);
        }
        return CompletableFuture.completedFuture(response.setErrorCode(Errors.NONE.code()));
    }

    @Override
    public DescribeUserScramCredentialsResponse errorResponse(
            RequestContext ctx, DescribeUserScramCredentialsRequest request, Errors error) {
        return new DescribeUserScramCredentialsResponse().setErrorCode(error.code());
    }
}
