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
package io.skiff.compat.differential;

import static io.skiff.compat.differential.DifferentialCase.of;
import static io.skiff.compat.differential.HandWrittenCorpus.list;

import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.ConsumerGroupDescribeRequest;
import io.skiff.protocol.message.ConsumerGroupHeartbeatRequest;
import java.util.ArrayList;
import java.util.List;

/**
 * ConsumerGroupHeartbeat's field checks (part of {@link HandWrittenCorpus}): the empty SubscribedTopicRegex that
 * librdkafka 2.10+ sends beside topic names against a null one, empty and unknown assignors, ids that are empty,
 * whitespace only or padded, and which check comes first at each version (Kafka 4.4's
 * GroupCoordinatorService.throwIfConsumerGroupHeartbeatRequestIsInvalid). Every case runs at every version (the
 * regex ones from v1, where the field exists), each version on a group of its own; a join that is accepted is followed
 * by its member's leave, so that both brokers keep no member behind.
 */
final class HeartbeatFieldsCorpus {
    private static final String PREFIX = HandWrittenCorpus.GROUP + "-cgh-";

    private HeartbeatFieldsCorpus() {}

    static void add(List<DifferentialCase> cases) {
        joinAndLeave(cases, "an empty regex beside topic names", 1, "empty-regex", r -> r.setSubscribedTopicRegex(""));
        // a member that joined with the empty regex, described (Kafka shows its regex as the empty string)
        cases.add(of(
                ApiKeys.CONSUMER_GROUP_HEARTBEAT,
                "join before a describe: an empty regex beside topic names",
                1,
                1,
                v -> join("described", v).setSubscribedTopicRegex("")));
        cases.add(of(
                ApiKeys.CONSUMER_GROUP_DESCRIBE,
                "a member that joined with an empty regex",
                v -> new ConsumerGroupDescribeRequest().setGroupIds(list(PREFIX + "described-v1"))));
        cases.add(of(
                ApiKeys.CONSUMER_GROUP_HEARTBEAT,
                "leave after the describe",
                1,
                1,
                v -> new ConsumerGroupHeartbeatRequest()
                        .setGroupId(PREFIX + "described-v1")
                        .setMemberId(member("described"))
                        .setMemberEpoch(-1)));
        joinAndLeave(cases, "topic names and a null regex", 0, "null-regex", r -> r);
        joinAndLeave(
                cases,
                "an empty regex and no topic names (subscribes to nothing)",
                1,
                "only-empty-regex",
                r -> r.setSubscribedTopicNames(null).setSubscribedTopicRegex(""));
        joinAndLeave(
                cases,
                "ids padded with spaces (kept as sent)",
                0,
                "padded",
                r -> r.setGroupId(r.groupId() + " ")
                        .setMemberId(" " + r.memberId() + " ")
                        .setRackId(" rack "));

        refused(cases, "an empty assignor", r -> r.setServerAssignor(""));
        refused(cases, "an unknown assignor", r -> r.setServerAssignor("sticky"));
        refused(cases, "a blank group id", r -> r.setGroupId(" "));
        refused(cases, "a blank instance id", r -> r.setInstanceId("  "));
        refused(cases, "an empty instance id", r -> r.setInstanceId(""));
        refused(cases, "a blank rack id", r -> r.setRackId("\t"));
        refused(cases, "an empty rack id", r -> r.setRackId(""));
        // v0: a joining member's id is not checked (the coordinator names it), so the missing timeout is found;
        // v1: the member id is checked first
        refused(
                cases,
                "a blank member id and no rebalance timeout",
                r -> r.setMemberId(" ").setRebalanceTimeoutMs(-1));
        refused(
                cases,
                "a blank member id and a blank group id",
                r -> r.setMemberId(" ").setGroupId(" "));
        refused(
                cases,
                "an empty member id and a blank rack id",
                r -> r.setMemberId("").setRackId(" "));
        refused(
                cases,
                "an invalid regex",
                1,
                r -> r.setSubscribedTopicNames(null).setSubscribedTopicRegex("("));
        heartbeat(cases, "a blank member id with an epoch", " ", 3, null);
        heartbeat(cases, "an empty member id, epoch -3", "", -3, null);
        heartbeat(cases, "an empty member id leaving statically (-2) without an instance id", "", -2, null);
        heartbeat(cases, "an empty member id leaving statically (-2) with an instance id", "", -2, "hw-cgh-instance");
        cases.add(of(
                ApiKeys.CONSUMER_GROUP_HEARTBEAT,
                "an invalid regex from an unknown member of an unknown group",
                1,
                v -> new ConsumerGroupHeartbeatRequest()
                        .setGroupId(PREFIX + "none-v" + v)
                        .setMemberId(member("none"))
                        .setMemberEpoch(4)
                        .setSubscribedTopicRegex("(")));
    }

    /** A full join of a fresh group as the Java client sends it, to be changed by {@code change}. */
    private static ConsumerGroupHeartbeatRequest join(String group, short version) {
        return new ConsumerGroupHeartbeatRequest()
                .setGroupId(PREFIX + group + "-v" + version)
                .setMemberId(member(group))
                .setMemberEpoch(0)
                .setRebalanceTimeoutMs(30_000)
                .setSubscribedTopicNames(list(HandWrittenCorpus.TOPIC))
                .setTopicPartitions(new ArrayList<>());
    }

    /** A member id of 22 characters, as clients make them. */
    private static String member(String name) {
        String id = "hw-" + name + "-0000000000000000000000";
        return id.substring(0, 22);
    }

    private interface Change {
        ConsumerGroupHeartbeatRequest apply(ConsumerGroupHeartbeatRequest request);
    }

    /** A join that both brokers accept, then its member's leave (epoch -1). */
    private static void joinAndLeave(
            List<DifferentialCase> cases, String name, int minVersion, String group, Change c) {
        cases.add(of(ApiKeys.CONSUMER_GROUP_HEARTBEAT, "join: " + name, minVersion, v -> c.apply(join(group, v))));
        cases.add(of(ApiKeys.CONSUMER_GROUP_HEARTBEAT, "leave after the join: " + name, minVersion, v -> {
            ConsumerGroupHeartbeatRequest joined = c.apply(join(group, v));
            return new ConsumerGroupHeartbeatRequest()
                    .setGroupId(joined.groupId())
                    .setMemberId(joined.memberId())
                    .setMemberEpoch(-1);
        }));
    }

    /** A join refused for one field; the group is never created. */
    private static void refused(List<DifferentialCase> cases, String name, Change c) {
        refused(cases, name, 0, c);
    }

    private static void refused(List<DifferentialCase> cases, String name, int minVersion, Change c) {
        cases.add(of(ApiKeys.CONSUMER_GROUP_HEARTBEAT, "join: " + name, minVersion, v -> c.apply(join("refused", v))));
    }

    /** A heartbeat (not a join) of {@code memberId} at {@code epoch} in a group that does not exist. */
    private static void heartbeat(
            List<DifferentialCase> cases, String name, String memberId, int epoch, String instanceId) {
        cases.add(of(
                ApiKeys.CONSUMER_GROUP_HEARTBEAT,
                name,
                v -> new ConsumerGroupHeartbeatRequest()
                        .setGroupId(PREFIX + "none-v" + v)
                        .setMemberId(memberId)
                        .setMemberEpoch(epoch)
                        .setInstanceId(instanceId)));
    }
}
