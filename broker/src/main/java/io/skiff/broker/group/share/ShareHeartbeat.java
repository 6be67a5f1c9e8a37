package io.skiff.broker.group.share;

import java.util.List;

/** A ShareGroupHeartbeat request, in domain terms. Immutable. */
public record ShareHeartbeat(
        String groupId,
        String memberId,
        int memberEpoch,
        String rackId,
        List<String> subscribedTopicNames,
        String clientId,
        String clientHost) {}
