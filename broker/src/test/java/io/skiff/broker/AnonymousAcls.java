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
package io.skiff.broker;

import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;

/** ACLs for the tests' own plaintext clients, which a broker with an authorizer sees as User:ANONYMOUS. */
final class AnonymousAcls {
    static final String ANONYMOUS = "User:ANONYMOUS";

    private AnonymousAcls() {}

    /** Denies ANONYMOUS {@code operation} on the resource {@code name}, from any host. */
    static AclBinding deny(ResourceType type, String name, AclOperation operation) {
        return deny(type, name, PatternType.LITERAL, operation);
    }

    /** Denies ANONYMOUS {@code operation} on the resources {@code pattern} matches by {@code name}, from any host. */
    static AclBinding deny(ResourceType type, String name, PatternType pattern, AclOperation operation) {
        return new AclBinding(
                new ResourcePattern(type, name, pattern),
                new AccessControlEntry(ANONYMOUS, "*", operation, AclPermissionType.DENY));
    }
}
