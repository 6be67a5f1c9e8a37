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
