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
package io.skiff.console.auth;

import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.broker.security.acl.StandardAuthorizer;
import io.skiff.broker.security.principal.KafkaPrincipal;
import io.skiff.http.HttpException;

/**
 * Who a console request acts for, and what the broker's authorizer lets them do: the same check, with the same
 * principal, as a Kafka request of theirs would get. Without an authorizer everything is allowed (as in Kafka); without
 * a login (a broker with neither SASL nor an authorizer) the caller is nobody in particular and unrestricted.
 *
 * @param principal  the logged-in user, or null when the console has no login
 * @param host       the host ACLs are matched against (the console's loopback address: where the browser runs)
 * @param authorizer the broker's authorizer, or null when it has none
 */
public record Caller(KafkaPrincipal principal, String host, StandardAuthorizer authorizer) {
    private static final Caller UNRESTRICTED = new Caller(null, "", null);

    /** The caller of a console without login. */
    public static Caller unrestricted() {
        return UNRESTRICTED;
    }

    /** The logged-in user's name, or null without login. */
    public String user() {
        return principal == null ? null : principal.name();
    }

    /** Whether the authorizer may refuse something to this caller. */
    public boolean restricted() {
        return authorizer != null;
    }

    /** Whether the caller may do {@code operation} on the resource, as the broker decides for a Kafka request. */
    public boolean may(AclOperation operation, ResourceType type, String name) {
        return authorizer == null || authorizer.authorize(principal, host, operation, type, name);
    }

    /** Whether the caller may do {@code operation} on the cluster. */
    public boolean mayOnCluster(AclOperation operation) {
        return may(operation, ResourceType.CLUSTER, ResourceType.CLUSTER_NAME);
    }

    /**
     * Refuses with 403 and Kafka's message for the error a client would get (TOPIC_AUTHORIZATION_FAILED and so on)
     * unless the caller may do {@code operation} on the resource.
     */
    public void require(AclOperation operation, ResourceType type, String name) {
        if (!may(operation, type, name)) {
            throw refused(type, name);
        }
    }

    /** The 403 for a resource, with the message of Kafka's authorization exception of its type. */
    public static HttpException refused(ResourceType type, String name) {
        String message = switch (type) {
            case TOPIC -> "Not authorized to access topics: [" + name + "]";
            case GROUP -> "Not authorized to access group: " + name;
            case TRANSACTIONAL_ID -> "Transactional Id authorization failed.";
            case CLUSTER -> "Cluster authorization failed.";
            default -> "Not authorized to access " + type.name().toLowerCase(java.util.Locale.ROOT) + ": " + name;
        };
        return new HttpException(403, message);
    }
}
