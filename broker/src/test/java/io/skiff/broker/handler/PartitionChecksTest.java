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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.skiff.broker.security.ConnectionSecurity;
import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.security.acl.AclStore;
import io.skiff.broker.security.acl.StandardAuthorizer;
import io.skiff.broker.topic.Topic;
import io.skiff.protocol.Errors;
import io.skiff.protocol.header.RequestHeader;
import io.skiff.protocol.message.ApiKeys;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The checks handlers share before they process a topic or partition. */
class PartitionChecksTest {
    @TempDir
    Path dir;

    /** A fault rule that answers orders-1 and the topic "refused" as a whole. */
    private static final InjectedErrors RULE = (topic, partition) -> {
        if (topic.equals("orders") && partition == 1) {
            return Errors.NOT_LEADER_OR_FOLLOWER;
        }
        return topic.equals("refused") && partition == InjectedErrors.WHOLE_TOPIC ? Errors.REQUEST_TIMED_OUT : null;
    };

    private static RequestContext ctx(RequestAuthorizer authorizer) {
        return new RequestContext(
                new RequestHeader(ApiKeys.DELETE_RECORDS, (short) 2, 7, "test-client"),
                "conn-1",
                "PLAINTEXT",
                new InetSocketAddress("127.0.0.1", 50000),
                ConnectionSecurity.plaintext(),
                authorizer,
                0,
                RULE);
    }

    @Test
    void aPartitionIsRefusedByAFaultRuleFirstThenByItsTopicsAcl() {
        RequestContext ctx = ctx(RequestAuthorizer.ALLOW_ALL);
        assertEquals(Errors.NOT_LEADER_OR_FOLLOWER, ctx.partitionRefusal("orders", 1, false));
        assertEquals(Errors.TOPIC_AUTHORIZATION_FAILED, ctx.partitionRefusal("orders", 0, false));
        assertNull(ctx.partitionRefusal("orders", 0, true));
    }

    @Test
    void aTopicIsRefusedByAFaultRuleFirstThenByItsAcl() throws Exception {
        RequestContext denyAll =
                ctx(new RequestAuthorizer(new StandardAuthorizer(AclStore.open(dir), Set.of(), false)));
        assertEquals(Errors.REQUEST_TIMED_OUT, denyAll.topicRefusal("refused", AclOperation.DELETE));
        assertEquals(Errors.TOPIC_AUTHORIZATION_FAILED, denyAll.topicRefusal("orders", AclOperation.DELETE));
        assertNull(ctx(RequestAuthorizer.ALLOW_ALL).topicRefusal("orders", AclOperation.DELETE));
    }

    @Test
    void aSingleNodeAnswersForEveryPartitionThatExists() throws Exception {
        try (AdminFixture fx = new AdminFixture(dir)) {
            Optional<Topic> orders = Optional.of(fx.createTopic("orders", 2, Map.of()));
            assertNull(NodeTopics.singleNode(null, HandlerTestSupport.NODE_ID).unavailable(orders, 1));
            assertEquals(
                    Errors.UNKNOWN_TOPIC_OR_PARTITION,
                    NodeTopics.singleNode(null, HandlerTestSupport.NODE_ID).unavailable(orders, 2));
            assertEquals(
                    Errors.UNKNOWN_TOPIC_OR_PARTITION,
                    NodeTopics.singleNode(null, HandlerTestSupport.NODE_ID).unavailable(Optional.empty(), 0));
        }
    }
}
