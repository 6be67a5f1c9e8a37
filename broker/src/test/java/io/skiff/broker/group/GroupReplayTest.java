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
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.skiff.broker.coordinator.CoordinatorRecordLog.KeyValue;
import io.skiff.broker.group.common.GroupRecordCodec;
import io.skiff.broker.group.consumer.ConsumerGroup;
import io.skiff.broker.group.consumer.ConsumerGroupMember;
import io.skiff.broker.group.consumer.ConsumerGroupRecords;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Replaying consumer-group records in the order older logs hold them. */
class GroupReplayTest {
    @Test
    void metadataAfterTheAssignmentStillGivesTheMemberItsInstanceId() {
        ConsumerGroupMember written = new ConsumerGroupMember("new-id");
        written.instanceId("instance-a");
        written.subscribedTopicNames(List.of("t"));
        GroupReplay replay = new GroupReplay();
        // A replaced static member as written before the replacement order was fixed: its current assignment first
        // (which creates the member without an instance id), then its metadata.
        apply(replay, ConsumerGroupRecords.groupMetadata("g", 3));
        apply(replay, ConsumerGroupRecords.currentAssignment("g", written));
        apply(replay, ConsumerGroupRecords.memberMetadata("g", written));

        ConsumerGroup group = replay.consumerGroups().iterator().next();
        ConsumerGroupMember member = group.member("new-id");
        assertEquals("instance-a", member.instanceId());
        assertSame(member, group.staticMember("instance-a"), "found by its instance id, as a rejoin looks it up");

        written.instanceId(null);
        apply(replay, ConsumerGroupRecords.memberMetadata("g", written));
        assertNull(group.member("new-id").instanceId());
        assertNull(group.staticMember("instance-a"), "a later record without an instance id makes it dynamic");
    }

    private static void apply(GroupReplay replay, KeyValue kv) {
        replay.apply(GroupRecordCodec.decode(
                        ByteBuffer.wrap(kv.key()), kv.value() == null ? null : ByteBuffer.wrap(kv.value()))
                .orElseThrow());
    }
}
