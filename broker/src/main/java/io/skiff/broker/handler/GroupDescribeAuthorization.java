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
package io.skiff.broker.handler;

import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.security.acl.ResourceType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * The ACL checks Kafka 4.4's KafkaApis wraps around the coordinator of ConsumerGroupDescribe, ShareGroupDescribe and
 * StreamsGroupDescribe: the groups the principal may not DESCRIBE are answered first (GROUP_AUTHORIZATION_FAILED
 * without a message), and, only with an authorizer, a described group naming a topic the principal may not DESCRIBE is
 * replaced by a TOPIC_AUTHORIZATION_FAILED answer without its members.
 *
 * <p>Thread-safe: stateless.
 */
final class GroupDescribeAuthorization {
    private GroupDescribeAuthorization() {}

    /**
     * Adds to {@code answers} the {@code refused} answer of every group the principal may not DESCRIBE, in request
     * order, and returns the ids of the others.
     */
    static <G> List<String> describableGroups(
            RequestContext ctx, List<String> groupIds, Function<String, G> refused, List<G> answers) {
        List<String> describable = new ArrayList<>();
        for (String groupId : groupIds) {
            if (ctx.allowed(AclOperation.DESCRIBE, ResourceType.GROUP, groupId)) {
                describable.add(groupId);
            } else {
                answers.add(refused.apply(groupId));
            }
        }
        return describable;
    }

    /**
     * The groups, each replaced by {@code hidden} of it when one of its {@code topics} may not be described; unchanged
     * without an authorizer (Kafka only filters when one is configured).
     */
    static <G> List<G> hidingUndescribableTopics(
            RequestContext ctx, List<G> groups, Function<G, Stream<String>> topics, UnaryOperator<G> hidden) {
        if (!ctx.authorizer().enabled()) {
            return groups;
        }
        Map<String, Boolean> describable = new HashMap<>();
        List<G> out = new ArrayList<>(groups.size());
        for (G g : groups) {
            boolean hide = topics.apply(g)
                    .anyMatch(t -> !describable.computeIfAbsent(
                            t, n -> ctx.allowed(AclOperation.DESCRIBE, ResourceType.TOPIC, n)));
            out.add(hide ? hidden.apply(g) : g);
        }
        return out;
    }
}
