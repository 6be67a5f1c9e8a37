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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.group.common.TopicsView;
import io.skiff.broker.handler.DescribeGroupsHandler;
import io.skiff.broker.handler.FindCoordinatorHandler;
import io.skiff.broker.handler.HeartbeatHandler;
import io.skiff.broker.handler.JoinGroupHandler;
import io.skiff.broker.handler.LeaveGroupHandler;
import io.skiff.broker.handler.ListGroupsHandler;
import io.skiff.broker.handler.OffsetCommitHandler;
import io.skiff.broker.handler.OffsetDeleteHandler;
import io.skiff.broker.handler.OffsetFetchHandler;
import io.skiff.broker.handler.RequestContext;
import io.skiff.broker.handler.SyncGroupHandler;
import io.skiff.broker.handler.TopicIds;
import io.skiff.config.Endpoint;
import io.skiff.protocol.header.RequestHeader;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.DescribeGroupsRequest;
import io.skiff.protocol.message.FindCoordinatorRequest;
import io.skiff.protocol.message.FindCoordinatorResponse;
import io.skiff.protocol.message.HeartbeatRequest;
import io.skiff.protocol.message.JoinGroupRequest;
import io.skiff.protocol.message.JoinGroupResponse;
import io.skiff.protocol.message.LeaveGroupRequest;
import io.skiff.protocol.message.ListGroupsRequest;
import io.skiff.protocol.message.OffsetCommitRequest;
import io.skiff.protocol.message.OffsetDeleteRequest;
import io.skiff.protocol.message.OffsetFetchRequest;
import io.skiff.protocol.message.OffsetFetchResponse;
import io.skiff.protocol.message.SyncGroupRequest;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The group handlers' wire ↔ domain translation, per version, on a coordinator with a manual clock. */
class GroupHandlersTest {
    private final CoordinatorFixture f = new CoordinatorFixture();
    private final JoinGroupHandler join = new JoinGroupHandler(f.coordinator);
    private final SyncGroupHandler sync = new SyncGroupHandler(f.coordinator);
    private final HeartbeatHandler heartbeat = new HeartbeatHandler(f.coordinator);
    private final LeaveGroupHandler leave = new LeaveGroupHandler(f.coordinator);
    private final OffsetCommitHandler commit = new OffsetCommitHandler(
            f.coordinator, (topic, p) -> topic.equals("t") && p < 2, TopicIds.NONE, f.scheduler.clock);
    private final OffsetFetchHandler fetch = new OffsetFetchHandler(f.coordinator, TopicIds.NONE);
    private final OffsetDeleteHandler offsetDelete =
            new OffsetDeleteHandler(f.coordinator, (topic, p) -> topic.equals("t") && p < 2);

    @AfterEach
    void close() {
        f.close();
    }

    private static RequestContext ctx(ApiKeys api, int version) {
        return new RequestContext(
                new RequestHeader(api, (short) version, 1, "client-x"),
                "c1",
                "PLAINTEXT",
                new InetSocketAddress("127.0.0.1", 40000));
    }

    private static JoinGroupRequest joinRequest(String memberId) {
        List<JoinGroupRequest.JoinGroupRequestProtocol> protocols = new ArrayList<>();
        protocols.add(new JoinGroupRequest.JoinGroupRequestProtocol()
                .setName("range")
                .setMetadata(CoordinatorFixture.subscription("t")));
        return new JoinGroupRequest()
                .setGroupId("g")
                .setSessionTimeoutMs(10_000)
                .setRebalanceTimeoutMs(20_000)
                .setMemberId(memberId)
                .setProtocolType("consumer")
                .setProtocols(protocols);
    }

    @Test
    void joinGroupV0JoinsDirectlyAndV4AsksForMemberId() {
        CompletableFuture<JoinGroupResponse> v0 = join.handle(ctx(ApiKeys.JOIN_GROUP, 0), joinRequest(""));
        f.scheduler.runDue();
        JoinGroupResponse r = v0.join();
        assertEquals(0, r.errorCode());
        assertEquals(1, r.generationId());
        assertEquals(r.memberId(), r.leader());
        assertTrue(r.memberId().startsWith("client-x-"));
        assertEquals("range", r.protocolName());
        assertEquals(1, r.members().size());

        JoinGroupResponse v4 =
                join.handle(ctx(ApiKeys.JOIN_GROUP, 4), joinRequest("")).join();
        assertEquals(79, v4.errorCode(), "MEMBER_ID_REQUIRED");
        assertFalse(v4.memberId().isEmpty());
        assertEquals("", v4.protocolName(), "not nullable before v7");
        JoinGroupResponse v7 =
                join.handle(ctx(ApiKeys.JOIN_GROUP, 7), joinRequest("")).join();
        assertNull(v7.protocolName());
        assertEquals(
                "/127.0.0.1", f.coordinator.describeGroup("g").members().get(0).clientHost());
    }

    @Test
    void syncHeartbeatAndLeaveAcrossVersions() {
        CompletableFuture<JoinGroupResponse> j = join.handle(ctx(ApiKeys.JOIN_GROUP, 3), joinRequest(""));
        f.scheduler.runDue();
        String member = j.join().memberId();
        var assignment = new SyncGroupRequest.SyncGroupRequestAssignment()
                .setMemberId(member)
                .setAssignment(new byte[] {9});
        var s = sync.handle(
                        ctx(ApiKeys.SYNC_GROUP, 5),
                        new SyncGroupRequest()
                                .setGroupId("g")
                                .setGenerationId(1)
                                .setMemberId(member)
                                .setProtocolType("consumer")
                                .setProtocolName("range")
                                .setAssignments(new ArrayList<>(List.of(assignment))))
                .join();
        assertEquals(0, s.errorCode());
        assertEquals("range", s.protocolName());
        assertEquals(9, s.assignment()[0]);

        assertEquals(
                22,
                heartbeat
                        .handle(
                                ctx(ApiKeys.HEARTBEAT, 4),
                                new HeartbeatRequest()
                                        .setGroupId("g")
                                        .setMemberId(member)
                                        .setGenerationId(2))
                        .join()
                        .errorCode(),
                "ILLEGAL_GENERATION");

        var v1 = leave.handle(
                        ctx(ApiKeys.LEAVE_GROUP, 1),
                        new LeaveGroupRequest().setGroupId("g").setMemberId("ghost"))
                .join();
        assertEquals(25, v1.errorCode(), "v0-2 report the member's error at top level");
        var v3 = leave.handle(
                        ctx(ApiKeys.LEAVE_GROUP, 3),
                        new LeaveGroupRequest()
                                .setGroupId("g")
                                .setMembers(new ArrayList<>(List.of(
                                        new LeaveGroupRequest.MemberIdentity().setMemberId(member),
                                        new LeaveGroupRequest.MemberIdentity().setMemberId("ghost")))))
                .join();
        assertEquals(0, v3.errorCode());
        assertEquals(
                List.of((short) 0, (short) 25),
                v3.members().stream().map(m -> m.errorCode()).toList());
    }

    private static OffsetCommitRequest commitRequest(String topic, int partition, long offset) {
        var p = new OffsetCommitRequest.OffsetCommitRequestPartition()
                .setPartitionIndex(partition)
                .setCommittedOffset(offset)
                .setCommittedMetadata("md");
        var t = new OffsetCommitRequest.OffsetCommitRequestTopic()
                .setName(topic)
                .setPartitions(new ArrayList<>(List.of(p)));
        return new OffsetCommitRequest()
                .setGroupId("simple")
                .setGenerationIdOrMemberEpoch(-1)
                .setMemberId("")
                .setTopics(new ArrayList<>(List.of(t)));
    }

    @Test
    void commitAndFetchOffsets() {
        var ok = commit.handle(ctx(ApiKeys.OFFSET_COMMIT, 8), commitRequest("t", 1, 17))
                .join();
        assertEquals(0, ok.topics().get(0).partitions().get(0).errorCode());
        var unknown = commit.handle(ctx(ApiKeys.OFFSET_COMMIT, 8), commitRequest("nope", 0, 1))
                .join();
        assertEquals(3, unknown.topics().get(0).partitions().get(0).errorCode(), "UNKNOWN_TOPIC_OR_PARTITION");

        var topic = new OffsetFetchRequest.OffsetFetchRequestTopic()
                .setName("t")
                .setPartitionIndexes(new ArrayList<>(List.of(0, 1)));
        OffsetFetchResponse v1 = fetch.handle(
                        ctx(ApiKeys.OFFSET_FETCH, 1),
                        new OffsetFetchRequest().setGroupId("simple").setTopics(new ArrayList<>(List.of(topic))))
                .join();
        var parts = v1.topics().get(0).partitions();
        assertEquals(-1L, parts.get(0).committedOffset());
        assertEquals("", parts.get(0).metadata());
        assertEquals(17L, parts.get(1).committedOffset());
        assertEquals("md", parts.get(1).metadata());

        var g1 = new OffsetFetchRequest.OffsetFetchRequestGroup()
                .setGroupId("simple")
                .setTopics(null);
        var g2 = new OffsetFetchRequest.OffsetFetchRequestGroup()
                .setGroupId("other")
                .setTopics(null);
        OffsetFetchResponse v8 = fetch.handle(
                        ctx(ApiKeys.OFFSET_FETCH, 8),
                        new OffsetFetchRequest()
                                .setGroups(new ArrayList<>(List.of(g1, g2)))
                                .setRequireStable(true))
                .join();
        assertEquals(2, v8.groups().size());
        assertEquals(17L, v8.groups().get(0).topics().get(0).partitions().get(0).committedOffset());
        assertTrue(v8.groups().get(1).topics().isEmpty());

        var del = offsetDelete
                .handle(
                        ctx(ApiKeys.OFFSET_DELETE, 0),
                        new OffsetDeleteRequest()
                                .setGroupId("simple")
                                .setTopics(new ArrayList<>(List.of(new OffsetDeleteRequest.OffsetDeleteRequestTopic()
                                        .setName("zzz")
                                        .setPartitions(new ArrayList<>(
                                                List.of(new OffsetDeleteRequest.OffsetDeleteRequestPartition()
                                                        .setPartitionIndex(0))))))))
                .join();
        assertEquals(0, del.errorCode());
        assertEquals(3, del.topics().get(0).partitions().get(0).errorCode());
    }

    @Test
    void commitAndFetchByTopicIdFromV10() {
        UUID tId = new UUID(7, 7);
        UUID unknownId = new UUID(8, 8);
        TopicsView.TopicInfo known = new TopicsView.TopicInfo(tId, "t", 2);
        TopicIds ids = new TopicIds(new TopicsView() {
            @Override
            public Optional<TopicsView.TopicInfo> byName(String name) {
                return name.equals("t") ? Optional.of(known) : Optional.empty();
            }

            @Override
            public Optional<TopicsView.TopicInfo> byId(UUID id) {
                return id.equals(tId) ? Optional.of(known) : Optional.empty();
            }

            @Override
            public Collection<TopicsView.TopicInfo> userTopics() {
                return List.of(known);
            }
        });
        OffsetCommitHandler byIdCommit = new OffsetCommitHandler(
                f.coordinator, (topic, p) -> topic.equals("t") && p < 2, ids, f.scheduler.clock);
        OffsetCommitRequest request = commitRequest("", 1, 23);
        request.topics().get(0).setTopicId(tId);
        request.topics().add(commitRequest("", 0, 5).topics().get(0).setTopicId(unknownId));
        var committed =
                byIdCommit.handle(ctx(ApiKeys.OFFSET_COMMIT, 10), request).join();
        // As Kafka answers: the partitions refused before the commit first
        assertEquals(unknownId, committed.topics().get(0).topicId());
        assertEquals(100, committed.topics().get(0).partitions().get(0).errorCode(), "UNKNOWN_TOPIC_ID");
        assertEquals(tId, committed.topics().get(1).topicId());
        assertEquals(0, committed.topics().get(1).partitions().get(0).errorCode());

        OffsetFetchHandler byIdFetch = new OffsetFetchHandler(f.coordinator, ids);
        var group = new OffsetFetchRequest.OffsetFetchRequestGroup()
                .setGroupId("simple")
                .setTopics(new ArrayList<>(List.of(
                        new OffsetFetchRequest.OffsetFetchRequestTopics()
                                .setTopicId(tId)
                                .setPartitionIndexes(new ArrayList<>(List.of(1))),
                        new OffsetFetchRequest.OffsetFetchRequestTopics()
                                .setTopicId(unknownId)
                                .setPartitionIndexes(new ArrayList<>(List.of(0))))));
        var fetched = byIdFetch
                .handle(
                        ctx(ApiKeys.OFFSET_FETCH, 10),
                        new OffsetFetchRequest().setGroups(new ArrayList<>(List.of(group))))
                .join()
                .groups()
                .get(0)
                .topics();
        assertEquals(tId, fetched.get(0).topicId());
        assertEquals(23L, fetched.get(0).partitions().get(0).committedOffset());
        assertEquals(unknownId, fetched.get(1).topicId());
        assertEquals(100, fetched.get(1).partitions().get(0).errorCode(), "UNKNOWN_TOPIC_ID");
        assertEquals(-1L, fetched.get(1).partitions().get(0).committedOffset());
    }

    @Test
    void findCoordinatorSingleAndBatched() {
        var handler = new FindCoordinatorHandler(7, listener -> new Endpoint(listener, "broker.local", 9093));
        FindCoordinatorResponse v3 = handler.handle(
                        ctx(ApiKeys.FIND_COORDINATOR, 3),
                        new FindCoordinatorRequest().setKey("g").setKeyType((byte) 0))
                .join();
        assertEquals(0, v3.errorCode());
        assertEquals(7, v3.nodeId());
        assertEquals("broker.local", v3.host());
        assertEquals(9093, v3.port());

        FindCoordinatorResponse v4 = handler.handle(
                        ctx(ApiKeys.FIND_COORDINATOR, 4),
                        new FindCoordinatorRequest()
                                .setKeyType((byte) 0)
                                .setCoordinatorKeys(new ArrayList<>(List.of("a", "b"))))
                .join();
        assertEquals(
                List.of("a", "b"), v4.coordinators().stream().map(c -> c.key()).toList());
        assertEquals(7, v4.coordinators().get(1).nodeId());

        FindCoordinatorResponse txn = handler.handle(
                        ctx(ApiKeys.FIND_COORDINATOR, 4),
                        new FindCoordinatorRequest()
                                .setKeyType((byte) 1)
                                .setCoordinatorKeys(new ArrayList<>(List.of("tx", ""))))
                .join();
        assertEquals(0, txn.coordinators().get(0).errorCode(), "this broker coordinates transactions");
        assertEquals(7, txn.coordinators().get(0).nodeId());
        assertEquals(0, txn.coordinators().get(1).errorCode(), "the empty transactional id has one too (Kafka 4.1)");
        assertEquals(7, txn.coordinators().get(1).nodeId());
    }

    @Test
    void listAndDescribeGroups() {
        commit.handle(ctx(ApiKeys.OFFSET_COMMIT, 8), commitRequest("t", 0, 1)).join();
        var listed = new ListGroupsHandler(f.coordinator)
                .handle(
                        ctx(ApiKeys.LIST_GROUPS, 5),
                        new ListGroupsRequest()
                                .setStatesFilter(new ArrayList<>(List.of("Empty")))
                                .setTypesFilter(new ArrayList<>(List.of("classic"))))
                .join();
        assertEquals(
                List.of("simple"),
                listed.groups().stream().map(g -> g.groupId()).toList());
        assertEquals("Empty", listed.groups().get(0).groupState());
        assertEquals("classic", listed.groups().get(0).groupType());

        var described = new DescribeGroupsHandler(f.coordinator)
                .handle(
                        ctx(ApiKeys.DESCRIBE_GROUPS, 5),
                        new DescribeGroupsRequest()
                                .setGroups(new ArrayList<>(List.of("simple", "unknown")))
                                .setIncludeAuthorizedOperations(true))
                .join();
        assertEquals("Empty", described.groups().get(0).groupState());
        assertEquals("Dead", described.groups().get(1).groupState());
        // READ, DELETE, DESCRIBE, DESCRIBE_CONFIGS, ALTER_CONFIGS: Kafka 4.4's operations on a group
        assertEquals(
                (1 << 3) | (1 << 6) | (1 << 8) | (1 << 10) | (1 << 11),
                described.groups().get(0).authorizedOperations());
    }
}
