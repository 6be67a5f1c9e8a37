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
package io.skiff.broker.group.share;

import io.skiff.broker.share.TopicIdPartition;
import java.util.List;
import java.util.Set;

/** A share group as ShareGroupDescribe reports it. Immutable. */
public record ShareGroupDescription(
        String groupId, String state, int groupEpoch, int assignmentEpoch, String assignorName, List<Member> members) {

    /** One member. */
    public record Member(
            String memberId,
            String rackId,
            int memberEpoch,
            String clientId,
            String clientHost,
            List<String> subscribedTopicNames,
            Set<TopicIdPartition> assignment) {}
}
