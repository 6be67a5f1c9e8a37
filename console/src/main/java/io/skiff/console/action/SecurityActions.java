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
package io.skiff.console.action;

import io.skiff.broker.handler.BrokerContext;
import io.skiff.broker.quota.ClientQuotaAlteration;
import io.skiff.broker.quota.ClientQuotaEntity;
import io.skiff.broker.quota.QuotaError;
import io.skiff.broker.security.acl.AclBinding;
import io.skiff.broker.security.acl.AclBindingFilter;
import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.security.acl.AclPermissionType;
import io.skiff.broker.security.acl.PatternType;
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.broker.security.acl.StandardAuthorizer;
import io.skiff.broker.security.sasl.ScramCredential;
import io.skiff.broker.security.sasl.ScramCredentialStore;
import io.skiff.broker.security.sasl.ScramMechanism;
import io.skiff.console.view.SecurityViews.AclView;
import java.security.SecureRandom;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Changes to ACLs, SCRAM users and client quotas, as kafka-acls and kafka-configs make them (CreateAcls, DeleteAcls,
 * AlterUserScramCredentials, AlterClientQuotas), with the broker's checks and Kafka's messages. A SCRAM password is
 * salted here (a random 16-byte salt, as Kafka's tools make) and only its keys are stored. Thread-safe.
 */
public final class SecurityActions {
    private final BrokerContext broker;
    private final SecureRandom random = new SecureRandom();

    public SecurityActions(BrokerContext broker) {
        this.broker = broker;
    }

    /** Adds an ACL (kafka-acls --add). */
    public void addAcl(AclView acl) {
        AclBinding binding = binding(acl);
        String invalid = binding.invalidReason();
        if (invalid != null) {
            throw new ActionException(invalid);
        }
        authorizer().store().add(List.of(binding));
    }

    /** Removes exactly this ACL (kafka-acls --remove with every field given); how many were removed. */
    public int removeAcl(AclView acl) {
        AclBinding b = binding(acl);
        List<List<AclBinding>> removed = authorizer()
                .store()
                .remove(List.of(new AclBindingFilter(
                        b.resourceType(),
                        b.resourceName(),
                        b.patternType(),
                        b.principal(),
                        b.host(),
                        b.operation(),
                        b.permission())));
        int count = removed.isEmpty() ? 0 : removed.get(0).size();
        if (count == 0) {
            throw new ActionException("No such ACL");
        }
        return count;
    }

    /** Sets a user's SCRAM credential (kafka-configs --alter --add-config 'SCRAM-SHA-256=[iterations=…,password=…]'). */
    public void upsertScram(String user, String mechanismName, int iterations, String password) {
        ScramMechanism mechanism = mechanism(mechanismName);
        if (user == null || user.isEmpty()) {
            throw new ActionException("Username must not be empty");
        }
        if (password == null || password.isEmpty()) {
            throw new ActionException("Password must not be empty");
        }
        if (iterations < ScramMechanism.MIN_ITERATIONS) {
            throw new ActionException("Too few iterations");
        }
        if (iterations > ScramMechanism.MAX_ITERATIONS) {
            throw new ActionException("Too many iterations");
        }
        byte[] salt = new byte[16];
        random.nextBytes(salt);
        ScramCredential credential =
                mechanism.credential(salt, mechanism.saltedPassword(password, salt, iterations), iterations);
        scram().apply(Map.of(user, Map.of(mechanism, credential)), Map.of());
    }

    /** Deletes a user's SCRAM credential (kafka-configs --alter --delete-config SCRAM-SHA-256). */
    public void deleteScram(String user, String mechanismName) {
        ScramMechanism mechanism = mechanism(mechanismName);
        if (scram().credential(user, mechanism) == null) {
            throw new ActionException("Attempt to delete a user credential that does not exist");
        }
        scram().apply(Map.of(), Map.of(user, List.of(mechanism)));
    }

    /**
     * Sets ({@code value} non-null) or removes a quota of an entity (kafka-configs --entity-type users/clients/ips).
     *
     * @param entity {@code user=alice}, {@code user=alice,client-id=app}, {@code ip=10.0.0.1}; {@code <default>} as
     *     a name is the default entity
     */
    public void setQuota(String entity, String key, Double value) {
        ClientQuotaEntity parsed = entity(entity);
        List<Map.Entry<String, Double>> ops = new ArrayList<>();
        ops.add(new AbstractMap.SimpleEntry<>(key, value));
        QuotaError error = broker.clientQuotas()
                .alter(List.of(new ClientQuotaAlteration(parsed, ops)), false)
                .get(parsed);
        if (error != null && error.isFailure()) {
            throw new ActionException(error.message());
        }
    }

    /** {@code user=alice,client-id=app} as an entity; {@code <default>} is the default (Kafka's null name). */
    static ClientQuotaEntity entity(String text) {
        Map<String, String> parts = new HashMap<>();
        for (String part : (text == null ? "" : text).split(",")) {
            int eq = part.indexOf('=');
            if (part.isBlank()) {
                continue;
            }
            if (eq <= 0) {
                throw new ActionException(
                        "An entity is type=name, e.g. user=alice or user=alice,client-id=app: " + part);
            }
            String name = part.substring(eq + 1).trim();
            parts.put(part.substring(0, eq).trim(), name.equals("<default>") ? null : name);
        }
        if (parts.isEmpty()) {
            throw new ActionException("Invalid empty client quota entity");
        }
        return ClientQuotaEntity.of(parts);
    }

    private static AclBinding binding(AclView acl) {
        return new AclBinding(
                named(ResourceType.class, acl.resourceType(), "resource type"),
                acl.resourceType() != null
                                && acl.resourceType().equalsIgnoreCase("CLUSTER")
                                && (acl.resourceName() == null
                                        || acl.resourceName().isBlank())
                        ? ResourceType.CLUSTER_NAME
                        : nonNull(acl.resourceName()).trim(),
                acl.patternType() == null || acl.patternType().isBlank()
                        ? PatternType.LITERAL
                        : named(PatternType.class, acl.patternType(), "pattern type"),
                nonNull(acl.principal()).trim(),
                acl.host() == null || acl.host().isBlank()
                        ? AclBinding.WILDCARD
                        : acl.host().trim(),
                named(AclOperation.class, acl.operation(), "operation"),
                acl.permission() == null || acl.permission().isBlank()
                        ? AclPermissionType.ALLOW
                        : named(AclPermissionType.class, acl.permission(), "permission type"));
    }

    private static <E extends Enum<E>> E named(Class<E> type, String name, String what) {
        try {
            return Enum.valueOf(
                    type, nonNull(name).trim().toUpperCase(Locale.ROOT).replace('-', '_'));
        } catch (IllegalArgumentException e) {
            throw new ActionException("Invalid " + what + " " + name);
        }
    }

    private static String nonNull(String s) {
        return s == null ? "" : s;
    }

    private static ScramMechanism mechanism(String name) {
        ScramMechanism mechanism =
                name == null ? null : ScramMechanism.forName(name.trim().toUpperCase(Locale.ROOT));
        if (mechanism == null) {
            throw new ActionException("Unknown SCRAM mechanism " + name);
        }
        return mechanism;
    }

    private StandardAuthorizer authorizer() {
        StandardAuthorizer authorizer = broker.security().authorizer();
        if (authorizer == null) {
            throw new ActionException("Security features are disabled.");
        }
        return authorizer;
    }

    private ScramCredentialStore scram() {
        ScramCredentialStore store = broker.security().scramCredentials();
        if (store == null) {
            throw new ActionException("This broker stores no SCRAM credentials");
        }
        return store;
    }
}
