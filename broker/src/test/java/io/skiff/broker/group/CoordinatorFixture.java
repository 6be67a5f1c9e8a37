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
package io.skiff.broker.group;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.coordinator.InMemoryRecordLog;
import io.skiff.broker.coordinator.ManualScheduler;
import io.skiff.broker.group.classic.GroupState;
import io.skiff.broker.group.classic.JoinGroupParams;
import io.skiff.broker.group.classic.JoinResult;
import io.skiff.broker.group.classic.MemberProtocol;
import io.skiff.broker.group.classic.SyncGroupParams;
import io.skiff.broker.group.classic.SyncResult;
import io.skiff.broker.group.common.GroupCoordinatorConfig;
import io.skiff.broker.group.common.GroupError;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** A coordinator on a manual clock and an in-memory log, with client-like helpers. Not thread-safe. */
final class CoordinatorFixture implements AutoCloseable {
    static final int SESSION_MS = 10_000;
    static final int REBALANCE_MS = 30_000;

    final ManualScheduler scheduler = new ManualScheduler(1_000_000L);
    final InMemoryRecordLog log;
    final GroupCoordinatorConfig config;
    GroupCoordinator coordinator;

    CoordinatorFixture() {
        this(GroupCoordinatorConfig.defaults(), new InMemoryRecordLog(4));
    }

    CoordinatorFixture(GroupCoordinatorConfig config, InMemoryRecordLog log) {
        this.config = config;
        this.log = log;
        this.coordinator = newCoordinator();
    }

    GroupCoordinator newCoordinator() {
        GroupCoordinator c = new GroupCoordinator(config, log, scheduler, scheduler.clock, Runnable::run);
        c.load();
        return c;
    }

    /** Simulates a broker restart over the same log. */
    void restart() {
        coordinator.close();
        coordinator = newCoordinator();
    }

    static byte[] subscription(String... topics) {
        ByteBuffer b = ByteBuffer.allocate(256);
        b.putShort((short) 0).putInt(topics.length);
        for (String t : topics) {
            byte[] s = t.getBytes(StandardCharsets.UTF_8);
            b.putShort((short) s.length).put(s);
        }
        b.putInt(-1); // no user data
        byte[] out = new byte[b.position()];
        b.flip().get(out);
        return out;
    }

    static List<MemberProtocol> protocols(String... names) {
        return java.util.Arrays.stream(names)
                .map(n -> new MemberProtocol(n, subscription("t")))
                .toList();
    }

    static JoinGroupParams params(String group, String memberId, String instanceId, List<MemberProtocol> protocols) {
        return new JoinGroupParams(
                group,
                memberId,
                instanceId,
                true,
                true,
                "client",
                "/127.0.0.1",
                REBALANCE_MS,
                SESSION_MS,
                "consumer",
                protocols,
                null);
    }

    CompletableFuture<JoinResult> join(
            String group, String memberId, String instanceId, List<MemberProtocol> protocols) {
        return coordinator.joinGroup(params(group, memberId, instanceId, protocols));
    }

    /** A dynamic member's first join (v4+): MEMBER_ID_REQUIRED, then the join with the id (still parked). */
    CompletableFuture<JoinResult> joinNew(String group, List<MemberProtocol> protocols) {
        JoinResult first = join(group, "", null, protocols).join();
        assertEquals(GroupError.MEMBER_ID_REQUIRED, first.error());
        assertTrue(first.memberId().startsWith("client-"), first.memberId());
        return join(group, first.memberId(), null, protocols);
    }

    /** Completes a full join+sync for one member forming a new group; returns its member id. */
    JoinResult joinAlone(String group) {
        CompletableFuture<JoinResult> f = joinNew(group, protocols("range"));
        scheduler.runDue();
        JoinResult r = f.join();
        assertEquals(GroupError.NONE, r.error());
        SyncResult s = coordinator
                .syncGroup(new SyncGroupParams(
                        group,
                        r.generationId(),
                        r.memberId(),
                        null,
                        "consumer",
                        "range",
                        Map.of(r.memberId(), bytes("a"))))
                .join();
        assertEquals(GroupError.NONE, s.error());
        return r;
    }

    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    GroupState state(String group) {
        return GroupState.fromDisplayName(coordinator.describeGroup(group).state());
    }

    @Override
    public void close() {
        coordinator.close();
    }
}
