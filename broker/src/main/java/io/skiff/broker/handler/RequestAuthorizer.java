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
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.broker.security.acl.StandardAuthorizer;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * What handlers ask before they act: may this request's principal, from its host, do an operation on a resource?
 * With no authorizer configured ({@code authorizer.class.name} empty) everything is allowed, as in Kafka. Also
 * computes the "authorized operations" bit fields of Metadata, DescribeCluster, DescribeGroups and
 * DescribeTopicPartitions.
 *
 * <p>Immutable; thread-safe.
 */
public final class RequestAuthorizer {
    /** Kafka's value of an authorized-operations field the client did not ask for. */
    public static final int NOT_REQUESTED = Integer.MIN_VALUE;

    /** No authorizer: every request is allowed. */
    public static final RequestAuthorizer ALLOW_ALL = new RequestAuthorizer(null);

    /** Kafka's AclEntry.supportedOperations per resource type: the bits an authorized-operations field may hold. */
    private static final Map<ResourceType, Set<AclOperation>> SUPPORTED = Map.of(
            ResourceType.TOPIC,
            EnumSet.of(
                    AclOperation.READ,
                    AclOperation.WRITE,
                    AclOperation.CREATE,
                    AclOperation.DESCRIBE,
                    AclOperation.DELETE,
                    AclOperation.ALTER,
                    AclOperation.DESCRIBE_CONFIGS,
                    AclOperation.ALTER_CONFIGS),
            ResourceType.GROUP,
            // Kafka 4.4's (AclEntry.supportedOperations): group configs made DESCRIBE_CONFIGS and ALTER_CONFIGS apply
            EnumSet.of(
                    AclOperation.READ,
                    AclOperation.DESCRIBE,
                    AclOperation.DELETE,
                    AclOperation.DESCRIBE_CONFIGS,
                    AclOperation.ALTER_CONFIGS),
            ResourceType.CLUSTER,
            EnumSet.of(
                    AclOperation.CREATE,
                    AclOperation.CLUSTER_ACTION,
                    AclOperation.DESCRIBE_CONFIGS,
                    AclOperation.ALTER_CONFIGS,
                    AclOperation.IDEMPOTENT_WRITE,
                    AclOperation.ALTER,
                    AclOperation.DESCRIBE),
            ResourceType.TRANSACTIONAL_ID,
            EnumSet.of(AclOperation.DESCRIBE, AclOperation.WRITE, AclOperation.TWO_PHASE_COMMIT));

    private final StandardAuthorizer authorizer;

    public RequestAuthorizer(StandardAuthorizer authorizer) {
        this.authorizer = authorizer;
    }

    /** Whether ACLs are enforced. */
    public boolean enabled() {
        return authorizer != null;
    }

    public boolean allowed(RequestContext ctx, AclOperation operation, ResourceType type, String name) {
        return authorizer == null || authorizer.authorize(ctx.principal(), host(ctx), operation, type, name);
    }

    public boolean clusterAllowed(RequestContext ctx, AclOperation operation) {
        return allowed(ctx, operation, ResourceType.CLUSTER, ResourceType.CLUSTER_NAME);
    }

    /** Whether the operation is allowed on at least one resource of the type. */
    public boolean anyAllowed(RequestContext ctx, AclOperation operation, ResourceType type) {
        return authorizer == null || authorizer.authorizeAny(ctx.principal(), host(ctx), operation, type);
    }

    /** The bit field of the type's supported operations this request's principal is allowed on the resource. */
    public int authorizedOperations(RequestContext ctx, ResourceType type, String name) {
        int bits = 0;
        for (AclOperation operation : SUPPORTED.get(type)) {
            if (allowed(ctx, operation, type, name)) {
                bits |= 1 << operation.code();
            }
        }
        return bits;
    }

    private static String host(RequestContext ctx) {
        return ctx.clientAddress() == null || ctx.clientAddress().getAddress() == null
                ? ""
                : ctx.clientAddress().getAddress().getHostAddress();
    }
}
