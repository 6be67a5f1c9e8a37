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

/**
 * A filter over ACL bindings, as DescribeAcls and DeleteAcls send it: a null name, principal or host and the ANY
 * types match everything; pattern type MATCH matches every binding whose pattern covers the named resource (the
 * literal name, the wildcard, and prefixes of it).
 *
 * <p>Immutable.
 */
public record AclBindingFilter(
        ResourceType resourceType,
        String resourceName,
        PatternType patternType,
        String principal,
        String host,
        AclOperation operation,
        AclPermissionType permission) {

    /** Why the filter is refused (Kafka's messages), or null. */
    public String invalidReason() {
        if (resourceType == ResourceType.UNKNOWN) {
            return "Filter contains UNKNOWN elements";
        }
        if (patternType == PatternType.UNKNOWN
                || operation == AclOperation.UNKNOWN
                || permission == AclPermissionType.UNKNOWN) {
            return "Filter contains UNKNOWN elements";
        }
        return null;
    }

    public boolean matches(AclBinding b) {
        if (resourceType != ResourceType.ANY && resourceType != b.resourceType()) {
            return false;
        }
        if (!patternMatches(b)) {
            return false;
        }
        if (principal != null && !principal.equals(b.principal())) {
            return false;
        }
        if (host != null && !host.equals(b.host())) {
            return false;
        }
        if (operation != AclOperation.ANY && operation != b.operation()) {
            return false;
        }
        return permission == AclPermissionType.ANY || permission == b.permission();
    }

    private boolean patternMatches(AclBinding b) {
        return switch (patternType) {
            case ANY -> resourceName == null || resourceName.equals(b.resourceName());
            case MATCH -> resourceName == null || b.coversResource(b.resourceType(), resourceName);
            default ->
                patternType == b.patternType() && (resourceName == null || resourceName.equals(b.resourceName()));
        };
    }
}
