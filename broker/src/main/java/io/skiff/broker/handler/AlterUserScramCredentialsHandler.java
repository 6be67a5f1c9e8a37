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
import io.skiff.protocol.message.AlterUserScramCredentialsRequest;
import io.skiff.protocol.message.AlterUserScramCredentialsRequest.ScramCredentialDeletion;
import io.skiff.protocol.message.AlterUserScramCredentialsRequest.ScramCredentialUpsertion;
import io.skiff.protocol.message.AlterUserScramCredentialsResponse;
import io.skiff.protocol.message.AlterUserScramCredentialsResponse.AlterUserScramCredentialsResult;
import io.skiff.protocol.message.ApiKeys;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * AlterUserScramCredentials (key 51), version 0: what {@code kafka-configs --alter --entity-type users
 * --add-config 'SCRAM-SHA-256=[password=...]'} sends. The client salts the password; the broker keeps the stored
 * and server keys derived from it, persisted before the answer.
 *
 * <p>One result per user, as Kafka: a user's changes apply together or not at all. Errors as Kafka words them:
 * the same user and mechanism twice → DUPLICATE_RESOURCE; an empty name or iterations outside 4096–16384 →
 * UNACCEPTABLE_CREDENTIAL; an unknown mechanism → UNSUPPORTED_SASL_MECHANISM; deleting a credential that does not
 * exist → RESOURCE_NOT_FOUND. Requires ALTER on the cluster when an authorizer is configured.
 *
 * <p>Thread-safe: stateless apart from the thread-safe store. Writes and fsyncs a file, so it runs on the blocking executor.
 */
public final class AlterUserScramCredentialsHandler
        extends AbstractApiHandler<AlterUserScramCredentialsRequest, AlterUserScramCredentialsResponse> {
    private final ScramCredentialStore store;

    public AlterUserScramCredentialsHandler(ScramCredentialStore store) {
        super(ApiKeys.ALTER_USER_SCRAM_CREDENTIALS, 0, 0);
        this.store = store;
    }

    @Override
    public Execution execution() {
        return Execution.BLOCKING_EXECUTOR;
    }

    private record Failure(Errors error, String message) {}

    @Override
    public CompletableFuture<AlterUserScramCredentialsResponse> handle(
            RequestContext ctx, AlterUserScramCredentialsRequest request) {
        if (!ctx.clusterAllowed(AclOperation.ALTER)) {
            return CompletableFuture.completedFuture(everyUser(request, Errors.CLUSTER_AUTHORIZATION_FAILED, null));
        }
        return CompletableFuture.completedFuture(alter(request));
    }

    private AlterUserScramCredentialsResponse alter(AlterUserScramCredentialsRequest request) {
        Map<String, Failure> failures = new LinkedHashMap<>();
        Map<String, Set<ScramMechanism>> seen = new LinkedHashMap<>();
        Map<String, Map<ScramMechanism, ScramCredential>> upserts = new LinkedHashMap<>();
        Map<String, List<ScramMechanism>> deletions = new LinkedHashMap<>();
        for (ScramCredentialDeletion d : request.deletions()) {
            ScramMechanism mechanism = check(d.name(), d.mechanism(), seen, failures);
            if (mechanism != null && failures.get(d.name()) == null) {
                if (store.credential(d.name(), mechanism) == null) {
                    failures.put(
                            d.name(),
                            new Failure(
                                    Errors.RESOURCE_NOT_FOUND,
                                    "Attempt to delete a user credential that does not exist"));
                } else {
                    deletions.computeIfAbsent(d.name(), u -> new ArrayList<>()).add(mechanism);
                }
            }
        }
        for (ScramCredentialUpsertion u : request.upsertions()) {
            ScramMechanism mechanism = check(u.name(), u.mechanism(), seen, failures);
            if (mechanism == null || failures.get(u.name()) != null) {
                continue;
            }
            if (u.iterations() < ScramMechanism.MIN_ITERATIONS) {
                failures.put(u.name(), new Failure(Errors.UNACCEPTABLE_CREDENTIAL, "Too few iterations"));
            } else if (u.iterations() > ScramMechanism.MAX_ITERATIONS) {
                failures.put(u.name(), new Failure(Errors.UNACCEPTABLE_CREDENTIAL, "Too many iterations"));
            } else {
                upserts.computeIfAbsent(u.name(), n -> new EnumMap<>(ScramMechanism.class))
                        .put(mechanism, mechanism.credential(u.salt(), u.saltedPassword(), u.iterations()));
            }
        }
        failures.keySet().forEach(user -> {
            upserts.remove(user);
            deletions.remove(user);
        });
        Map<String, Iterable<ScramMechanism>> toDelete = new LinkedHashMap<>(deletions);
        store.apply(upserts, toDelete);
        AlterUserScramCredentialsResponse response = new AlterUserScramCredentialsResponse();
        for (String user : seen.keySet()) {
            Failure f = failures.get(user);
            response.results()
                    .add(new AlterUserScramCredentialsResult()
                            .setUser(user)
                            .setErrorCode(
                                    f == null ? Errors.NONE.code() : f.error().code())
                            .setErrorMessage(f == null ? null : f.message()));
        }
        return response;
    }

    /** The mechanism of one change, or null after recording why the user's changes fail. */
    private static ScramMechanism check(
            String user, byte type, Map<String, Set<ScramMechanism>> seen, Map<String, Failure> failures) {
        Set<ScramMechanism> mechanisms = seen.computeIfAbsent(user, u -> new HashSet<>());
        if (user.isEmpty()) {
            failures.putIfAbsent(user, new Failure(Errors.UNACCEPTABLE_CREDENTIAL, "Username must not be empty"));
            return null;
        }
        ScramMechanism mechanism = ScramMechanism.forType(type);
        if (mechanism == null) {
            failures.putIfAbsent(user, new Failure(Errors.UNSUPPORTED_SASL_MECHANISM, "Unknown SCRAM mechanism"));
            return null;
        }
        if (!mechanisms.add(mechanism)) {
            failures.putIfAbsent(
                    user,
                    new Failure(
                            Errors.DUPLICATE_RESOURCE,
                            "A user credential cannot be altered twice in the same request"));
            return null;
        }
        return mechanism;
    }

    private static AlterUserScramCredentialsResponse everyUser(
            AlterUserScramCredentialsRequest request, Errors error, String message) {
        Set<String> users = new java.util.LinkedHashSet<>();
        request.deletions().forEach(d -> users.add(d.name()));
        request.upsertions().forEach(u -> users.add(u.name()));
        AlterUserScramCredentialsResponse response = new AlterUserScramCredentialsResponse();
        for (String user : users) {
            response.results()
                    .add(new AlterUserScramCredentialsResult()
                            .setUser(user)
                            .setErrorCode(error.code())
                            .setErrorMessage(message));
        }
        return response;
    }

    @Override
    public AlterUserScramCredentialsResponse errorResponse(
            RequestContext ctx, AlterUserScramCredentialsRequest request, Errors error) {
        return everyUser(request, error, null);
    }
}
