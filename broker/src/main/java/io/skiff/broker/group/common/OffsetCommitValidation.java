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
package io.skiff.broker.group.common;

import java.util.Collection;
import java.util.UUID;
import java.util.function.Function;

/**
 * A group's answer to an offset commit (Kafka's validateOffsetCommit and the CommitPartitionValidator it returns):
 * the commit refused as a whole ({@link #request()} not OK), or accepted subject to a check of each partition. A
 * member of a consumer group that commits with an epoch older than its current one may still commit the partitions
 * it has held since that epoch, so the answer can differ per partition. Immutable; its partition check reads the
 * group's state, so use it under the group's lock.
 */
public record OffsetCommitValidation(OffsetCommitCheck request, PartitionCheck partitions) {
    /** The check of one partition of a commit the group accepted as a whole. */
    @FunctionalInterface
    public interface PartitionCheck {
        /** @param topicId the topic's id, or null when no topic has that name */
        OffsetCommitCheck check(String topic, UUID topicId, int partition);
    }

    private static final PartitionCheck EVERY_PARTITION = (topic, topicId, partition) -> OffsetCommitCheck.OK;

    /** Every partition may be committed. */
    public static final OffsetCommitValidation ACCEPT_ALL =
            new OffsetCommitValidation(OffsetCommitCheck.OK, EVERY_PARTITION);

    /** The commit refused as a whole. */
    public static OffsetCommitValidation refused(OffsetCommitCheck why) {
        return new OffsetCommitValidation(why, EVERY_PARTITION);
    }

    /** The commit refused as a whole with {@code error}, or accepted when it is NONE. */
    public static OffsetCommitValidation of(GroupError error) {
        return error == GroupError.NONE ? ACCEPT_ALL : refused(new OffsetCommitCheck(error, null));
    }

    /** The commit accepted as a whole, each partition subject to {@code check}. */
    public static OffsetCommitValidation perPartition(PartitionCheck check) {
        return new OffsetCommitValidation(OffsetCommitCheck.OK, check);
    }

    /**
     * The first refusal among {@code partitions} (ids from {@code topicIds}), or {@link OffsetCommitCheck#OK}: as in
     * Kafka, one refused partition refuses the whole commit.
     */
    public OffsetCommitCheck firstRefusal(Collection<TopicPartition> partitions, Function<String, UUID> topicIds) {
        if (!request.ok()) {
            return request;
        }
        for (TopicPartition tp : partitions) {
            OffsetCommitCheck check = this.partitions.check(tp.topic(), topicIds.apply(tp.topic()), tp.partition());
            if (!check.ok()) {
                return check;
            }
        }
        return OffsetCommitCheck.OK;
    }
}
