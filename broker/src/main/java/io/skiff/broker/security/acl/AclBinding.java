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

import java.util.Objects;

/**
 * One ACL: a resource pattern and an entry (principal {@code User:alice}, host or {@code *}, operation, ALLOW or
 * DENY). Resource and pattern types are concrete (no ANY/MATCH/UNKNOWN).
 *
 * <p>Immutable.
 */
public record AclBinding(
        ResourceType resourceType,
        String resourceName,
        PatternType patternType,
        String principal,
        String host,
        AclOperation operation,
        AclPermissionType permission) {
    public static final String WILDCARD = "*";

    public AclBinding {
        Objects.requireNonNull(resourceName);
        Objects.requireNonNull(principal);
        Objects.requireNonNull(host);
    }

    /** Why this binding cannot be stored (Kafka's checks for CreateAcls), or null when it is valid. */
    public String invalidReason() {
        if (resourceType == ResourceType.ANY || resourceType == ResourceType.UNKNOWN) {
            return "Invalid resource type " + resourceType;
        }
        if (patternType != PatternType.LITERAL && patternType != PatternType.PREFIXED) {
            return "Invalid pattern type " + patternType;
        }
        if (operation == AclOperation.ANY || operation == AclOperation.UNKNOWN) {
            return "Invalid operation " + operation;
        }
        if (permission != AclPermissionType.ALLOW && permission != AclPermissionType.DENY) {
            return "Invalid permission type " + permission;
        }
        if (resourceName.isEmpty()) {
            return "Invalid empty resource name";
        }
        if (resourceType == ResourceType.CLUSTER && !resourceName.equals(ResourceType.CLUSTER_NAME)) {
            return "The only valid name for the CLUSTER resource is " + ResourceType.CLUSTER_NAME;
        }
        int colon = principal.indexOf(':');
        if (colon <= 0 || colon == principal.length() - 1) {
            return "Could not parse principal from `" + principal + "` (no colon is present separating the principal "
                    + "type from the principal name)";
        }
        return null;
    }

    /** Whether this binding's resource pattern covers the named resource. */
    boolean coversResource(ResourceType type, String name) {
        if (resourceType != type) {
            return false;
        }
        return switch (patternType) {
            case LITERAL -> resourceName.equals(name) || resourceName.equals(WILDCARD);
            case PREFIXED -> name.startsWith(resourceName);
            default -> false;
        };
    }
}
