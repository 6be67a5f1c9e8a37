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
package io.skiff.compat;

import static io.skiff.compat.RawGroupRequests.awaitCoordinator;
import static io.skiff.compat.RawGroupRequests.heartbeat;
import static io.skiff.compat.RawGroupRequests.owned;
import static io.skiff.compat.RawGroupRequests.partitions;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.message.ConsumerGroupHeartbeatRequestData;
import org.apache.kafka.common.message.ConsumerGroupHeartbeatResponseData;
import org.apache.kafka.common.protocol.Errors;

/**
 * A consumer-protocol member driven with raw ConsumerGroupHeartbeat requests (kafka-clients' own request classes):
 * its id, its last answer and the assignment it was given. Not thread-safe.
 */
final class RawConsumerMember {
    private static final Duration WAIT = Duration.ofSeconds(60);

    private final RawKafkaConnection c;
    private final String group;
    private final String memberId = Uuid.randomUuid().toString();
    private final ConsumerGroupHeartbeatResponseData joined;
    private ConsumerGroupHeartbeatResponseData latest;
    private ConsumerGroupHeartbeatResponseData.Assignment assigned;

    /** A new member's join (epoch 0) subscribing to {@code topic}, sent until the coordinator answers. */
    RawConsumerMember(RawKafkaConnection c, String group, String topic) {
        this.c = c;
        this.group = group;
        this.joined = awaitCoordinator(
                c,
                group,
                () -> heartbeat(
                        c,
                        new ConsumerGroupHeartbeatRequestData()
                                .setGroupId(group)
                                .setMemberId(memberId)
                                .setMemberEpoch(0)
                                .setRebalanceTimeoutMs(30_000)
                                .setSubscribedTopicNames(List.of(topic))
                                .setTopicPartitions(List.of())));
        this.latest = joined;
        this.assigned = joined.assignment();
    }

    String memberId() {
        return memberId;
    }

    Errors joinError() {
        return Errors.forCode(joined.errorCode());
    }

    /** The member epoch of the last answer. */
    int epoch() {
        return latest.memberEpoch();
    }

    /** The last assignment it was given (null before any). */
    ConsumerGroupHeartbeatResponseData.Assignment assigned() {
        return assigned;
    }

    /**
     * Heartbeats (acknowledging what it was given) until the member owns {@code count} partitions: Kafka's
     * coordinator may see a new topic or new partitions only some heartbeats (and epochs) later.
     */
    void heartbeatUntilItOwns(int count) {
        await().atMost(WAIT).until(() -> {
            if (partitions(assigned) == count) {
                return true;
            }
            latest = heartbeat(
                    c,
                    new ConsumerGroupHeartbeatRequestData()
                            .setGroupId(group)
                            .setMemberId(memberId)
                            .setMemberEpoch(latest.memberEpoch())
                            .setTopicPartitions(owned(assigned)));
            if (latest.assignment() != null) {
                assigned = latest.assignment();
            }
            return partitions(assigned) == count;
        });
    }
}
