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

/**
 * A group whose members commit and fetch offsets with a member epoch (consumer groups, streams groups), so the
 * offsets part checks them the same way whatever the kind. Not thread-safe: called under the group's lock.
 */
public interface MemberEpochGroup extends Group {

    /**
     * Kafka's validateOffsetCommit: the commit refused as a whole, or accepted subject to a check of each partition.
     *
     * @param transactional the commit is a TxnOffsetCommit
     * @param v9OrLater the request is OffsetCommit v9+ (members of the new protocols must use it)
     */
    OffsetCommitValidation validateOffsetCommit(
            String memberId, String instanceId, int memberEpoch, boolean transactional, boolean v9OrLater);

    /** Kafka's validateOffsetFetch: a fetch that names a member must carry its current epoch. */
    GroupError validateOffsetFetch(String memberId, int memberEpoch);
}
