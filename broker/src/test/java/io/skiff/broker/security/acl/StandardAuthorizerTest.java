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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.security.principal.KafkaPrincipal;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StandardAuthorizerTest {
    private static final KafkaPrincipal ALICE = KafkaPrincipal.user("alice");
    private static final KafkaPrincipal BOB = KafkaPrincipal.user("bob");

    @TempDir
    Path dir;

    /** A literal ACL for every host. */
    private static AclBinding literal(
            ResourceType type, String name, String who, AclOperation op, AclPermissionType permission) {
        return new AclBinding(type, name, PatternType.LITERAL, who, "*", op, permission);
    }

    /** A prefixed ACL for every host. */
    private static AclBinding prefixed(
            ResourceType type, String prefix, String who, AclOperation op, AclPermissionType permission) {
        return new AclBinding(type, prefix, PatternType.PREFIXED, who, "*", op, permission);
    }

    /** A literal topic ACL for every host: the common case. */
    private static AclBinding topicAcl(String name, String who, AclOperation op, AclPermissionType permission) {
        return literal(ResourceType.TOPIC, name, who, op, permission);
    }

    private StandardAuthorizer authorizer(boolean allowEveryone, AclBinding... bindings) throws Exception {
        AclStore store = AclStore.open(dir);
        store.add(List.of(bindings));
        return new StandardAuthorizer(store, Set.of("User:admin"), allowEveryone);
    }

    @Test
    void literalPrefixedAndWildcardPatternsMatchAsKafkas() throws Exception {
        StandardAuthorizer a = authorizer(
                false,
                topicAcl("orders", "User:alice", AclOperation.READ, AclPermissionType.ALLOW),
                prefixed(ResourceType.TOPIC, "logs-", "User:alice", AclOperation.WRITE, AclPermissionType.ALLOW),
                literal(ResourceType.GROUP, "*", "User:*", AclOperation.READ, AclPermissionType.ALLOW));
        assertTrue(a.authorize(ALICE, "10.0.0.1", AclOperation.READ, ResourceType.TOPIC, "orders"));
        assertFalse(a.authorize(ALICE, "10.0.0.1", AclOperation.WRITE, ResourceType.TOPIC, "orders"));
        assertFalse(a.authorize(ALICE, "10.0.0.1", AclOperation.READ, ResourceType.TOPIC, "orders2"));
        assertTrue(a.authorize(ALICE, "10.0.0.1", AclOperation.WRITE, ResourceType.TOPIC, "logs-app"));
        assertFalse(a.authorize(ALICE, "10.0.0.1", AclOperation.WRITE, ResourceType.TOPIC, "log"));
        assertTrue(a.authorize(BOB, "10.0.0.1", AclOperation.READ, ResourceType.GROUP, "any-group"));
        assertFalse(a.authorize(BOB, "10.0.0.1", AclOperation.READ, ResourceType.TOPIC, "orders"));
    }

    @Test
    void readWriteDeleteAlterImplyDescribeAndAlterConfigsImpliesDescribeConfigs() throws Exception {
        StandardAuthorizer a = authorizer(
                false,
                topicAcl("t", "User:alice", AclOperation.WRITE, AclPermissionType.ALLOW),
                topicAcl("t", "User:alice", AclOperation.ALTER_CONFIGS, AclPermissionType.ALLOW));
        assertTrue(a.authorize(ALICE, "h", AclOperation.DESCRIBE, ResourceType.TOPIC, "t"));
        assertTrue(a.authorize(ALICE, "h", AclOperation.DESCRIBE_CONFIGS, ResourceType.TOPIC, "t"));
        assertFalse(a.authorize(ALICE, "h", AclOperation.READ, ResourceType.TOPIC, "t"));
    }

    @Test
    void denyWinsOverAllowAndHostsAreMatched() throws Exception {
        StandardAuthorizer a = authorizer(
                false,
                topicAcl("*", "User:alice", AclOperation.ALL, AclPermissionType.ALLOW),
                topicAcl("secret", "User:alice", AclOperation.READ, AclPermissionType.DENY),
                new AclBinding(
                        ResourceType.TOPIC,
                        "office",
                        PatternType.LITERAL,
                        "User:alice",
                        "10.0.0.9",
                        AclOperation.ALL,
                        AclPermissionType.DENY));
        assertTrue(a.authorize(ALICE, "10.0.0.1", AclOperation.WRITE, ResourceType.TOPIC, "secret"));
        assertFalse(a.authorize(ALICE, "10.0.0.1", AclOperation.READ, ResourceType.TOPIC, "secret"));
        assertTrue(a.authorize(ALICE, "10.0.0.1", AclOperation.READ, ResourceType.TOPIC, "office"));
        assertFalse(a.authorize(ALICE, "10.0.0.9", AclOperation.READ, ResourceType.TOPIC, "office"));
    }

    @Test
    void superUsersAndAllowEveryoneIfNoAclFound() throws Exception {
        StandardAuthorizer closed =
                authorizer(false, topicAcl("guarded", "User:bob", AclOperation.READ, AclPermissionType.ALLOW));
        assertTrue(closed.authorize(
                KafkaPrincipal.user("admin"),
                "h",
                AclOperation.ALTER,
                ResourceType.CLUSTER,
                ResourceType.CLUSTER_NAME));
        assertFalse(closed.authorize(ALICE, "h", AclOperation.READ, ResourceType.TOPIC, "open"));
        StandardAuthorizer open = new StandardAuthorizer(AclStore.open(dir), Set.of(), true);
        assertTrue(open.authorize(ALICE, "h", AclOperation.READ, ResourceType.TOPIC, "open"));
        assertFalse(open.authorize(ALICE, "h", AclOperation.READ, ResourceType.TOPIC, "guarded"), "has ACLs");
    }

    @Test
    void aclsArePersistedAndRemovedByFilter() throws Exception {
        AclBinding keep = prefixed(ResourceType.GROUP, "g", "User:alice", AclOperation.READ, AclPermissionType.ALLOW);
        AclBinding drop = topicAcl("t", "User:alice", AclOperation.READ, AclPermissionType.ALLOW);
        AclStore store = AclStore.open(dir);
        store.add(List.of(keep, drop, drop));
        assertEquals(List.of(keep, drop), AclStore.open(dir).bindings());
        List<List<AclBinding>> removed = store.remove(List.of(new AclBindingFilter(
                ResourceType.ANY, "t", PatternType.MATCH, null, null, AclOperation.ANY, AclPermissionType.ANY)));
        assertEquals(List.of(List.of(drop)), removed);
        assertEquals(List.of(keep), AclStore.open(dir).bindings());
    }
}
