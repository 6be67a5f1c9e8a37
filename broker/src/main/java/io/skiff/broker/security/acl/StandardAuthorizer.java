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
package io.skiff.broker.security.acl;

import io.skiff.broker.security.principal.KafkaPrincipal;
import java.util.List;
import java.util.Set;

/**
 * Decides requests by ACLs with the semantics of Kafka's StandardAuthorizer: super users may do everything; a
 * matching DENY wins over any ALLOW; an ALLOW for the operation (or one that implies it, or ALL) grants it; a
 * binding matches when its resource pattern covers the resource (literal name, the {@code *} wildcard, or a
 * prefix), its principal is the caller's or {@code User:*}, and its host is the caller's or {@code *}. A resource
 * with no ACL at all is allowed only with {@code allow.everyone.if.no.acl.found}.
 *
 * <p>Thread-safe: reads the store's immutable snapshot.
 */
public final class StandardAuthorizer {
    private final AclStore store;
    private final Set<String> superUsers;
    private final boolean allowEveryoneIfNoAcl;

    public StandardAuthorizer(AclStore store, Set<String> superUsers, boolean allowEveryoneIfNoAcl) {
        this.store = store;
        this.superUsers = Set.copyOf(superUsers);
        this.allowEveryoneIfNoAcl = allowEveryoneIfNoAcl;
    }

    public AclStore store() {
        return store;
    }

    /** Whether {@code principal} connecting from {@code host} may do {@code operation} on the resource. */
    public boolean authorize(
            KafkaPrincipal principal, String host, AclOperation operation, ResourceType type, String name) {
        String who = principal.toString();
        if (superUsers.contains(who)) {
            return true;
        }
        boolean resourceHasAcls = false;
        boolean allowed = false;
        for (AclBinding b : store.bindings()) {
            if (!b.coversResource(type, name)) {
                continue;
            }
            resourceHasAcls = true;
            if (!appliesTo(b, who, host)) {
                continue;
            }
            if (b.permission() == AclPermissionType.DENY) {
                if (b.operation() == AclOperation.ALL || b.operation() == operation) {
                    return false;
                }
            } else if (b.operation().allowImplies(operation)) {
                allowed = true;
            }
        }
        return allowed || (!resourceHasAcls && allowEveryoneIfNoAcl);
    }

    /**
     * Whether the caller may do {@code operation} on at least one resource of the type (Kafka's
     * authorizeByResourceType, used for idempotent producers): some ALLOW binding of that type for the caller that no
     * DENY on every resource ({@code *} literal) cancels.
     */
    public boolean authorizeAny(KafkaPrincipal principal, String host, AclOperation operation, ResourceType type) {
        String who = principal.toString();
        if (superUsers.contains(who)) {
            return true;
        }
        List<AclBinding> all = store.bindings();
        boolean anyOfType = false;
        boolean allowed = false;
        for (AclBinding b : all) {
            if (b.resourceType() != type) {
                continue;
            }
            anyOfType = true;
            if (!appliesTo(b, who, host)) {
                continue;
            }
            boolean sameOp = b.operation() == AclOperation.ALL || b.operation() == operation;
            if (b.permission() == AclPermissionType.DENY
                    && sameOp
                    && b.patternType() == PatternType.LITERAL
                    && b.resourceName().equals(AclBinding.WILDCARD)) {
                return false;
            }
            if (b.permission() == AclPermissionType.ALLOW && b.operation().allowImplies(operation)) {
                allowed = true;
            }
        }
        return allowed || (!anyOfType && allowEveryoneIfNoAcl);
    }

    private static boolean appliesTo(AclBinding b, String who, String host) {
        boolean principalMatches = b.principal().equals(who) || b.principal().equals("User:*");
        boolean hostMatches = b.host().equals(AclBinding.WILDCARD) || b.host().equals(host);
        return principalMatches && hostMatches;
    }
}
