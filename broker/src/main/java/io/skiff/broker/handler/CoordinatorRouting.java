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

/**
 * A simulated cluster's coordinator checks: a node serves the group and transaction APIs only for the groups and
 * transactional ids it coordinates (it leads their partition of {@code __consumer_offsets} /
 * {@code __transaction_state}), and answers NOT_COORDINATOR for the others where Kafka 4.4 puts it: the one error
 * of a single-key request ({@link SingleKeyRouting}), the entry of each foreign key of a batched one, which the node's
 * handler never sees, and ListGroups / ListTransactions list only the node's own, as each Kafka broker does
 * ({@link BatchedKeyRouting}). Installed only with more than one node, so one node pays nothing.
 *
 * <p>Kafka checks the principal's rights before its coordinator answers NOT_COORDINATOR: a key another node
 * coordinates goes to the handler when those rights are missing, so that it answers its authorization error. The
 * rights each API needs on its key are the checks below.
 *
 * <p>Thread-safe as the handlers it wraps.
 */
public final class CoordinatorRouting {
    /** Group keys (FindCoordinator key type 0). */
    public static final byte GROUP = FindCoordinatorHandler.GROUP_KEY_TYPE;
    /** Transactional ids (FindCoordinator key type 1). */
    public static final byte TRANSACTION = FindCoordinatorHandler.TRANSACTION_KEY_TYPE;

    /** Whether the node coordinates a key. */
    @FunctionalInterface
    public interface Ownership {
        boolean owns(byte keyType, String key);
    }

    private CoordinatorRouting() {}

    /** Wraps the registered group and transaction handlers of one node. */
    public static void install(HandlerRegistry registry, Ownership node) {
        SingleKeyRouting.install(registry, node);
        BatchedKeyRouting.install(registry, node);
    }

    static boolean readGroup(RequestContext ctx, String group) {
        return ctx.allowed(AclOperation.READ, ResourceType.GROUP, group);
    }

    static boolean deleteGroup(RequestContext ctx, String group) {
        return ctx.allowed(AclOperation.DELETE, ResourceType.GROUP, group);
    }

    static boolean describeGroup(RequestContext ctx, String group) {
        return ctx.allowed(AclOperation.DESCRIBE, ResourceType.GROUP, group);
    }

    static boolean writeTxn(RequestContext ctx, String transactionalId) {
        return ctx.allowed(AclOperation.WRITE, ResourceType.TRANSACTIONAL_ID, transactionalId);
    }

    static boolean describeTxn(RequestContext ctx, String transactionalId) {
        return ctx.allowed(AclOperation.DESCRIBE, ResourceType.TRANSACTIONAL_ID, transactionalId);
    }
}
