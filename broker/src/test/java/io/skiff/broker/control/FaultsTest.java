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
package io.skiff.broker.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.diagnostics.FaultRuleView;
import io.skiff.broker.handler.InjectedErrors;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.CreateTopicsRequest;
import io.skiff.protocol.message.JoinGroupRequest;
import io.skiff.protocol.message.ProduceRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class FaultsTest {
    private static final UUID ORDERS_ID = new UUID(1, 2);
    private final Faults faults = new Faults(id -> id.equals(ORDERS_ID) ? Optional.of("orders") : Optional.empty());

    private static ProduceRequest produce(String name, UUID id, int... partitions) {
        ProduceRequest.TopicProduceData topic =
                new ProduceRequest.TopicProduceData().setName(name).setTopicId(id);
        for (int p : partitions) {
            topic.partitionData().add(new ProduceRequest.PartitionProduceData().setIndex(p));
        }
        ProduceRequest request = new ProduceRequest().setAcks((short) -1);
        request.topicData().add(topic);
        return request;
    }

    private AppliedFault check(ProduceRequest request, short version) {
        return faults.check(ApiKeys.PRODUCE, version, "client-1", "PLAINTEXT", request, "test", id -> List.of());
    }

    @Test
    void matchesTopicAndPartitionByNameOrByIdAndCountsDownToItsLimit() {
        FaultRule rule = faults.add(FaultSpec.builder()
                .api("Produce")
                .topic("orders")
                .partition(1)
                .error("NOT_LEADER_OR_FOLLOWER")
                .count(2));
        assertNull(check(produce("orders", null, 0), (short) 9), "another partition");
        assertNull(check(produce("payments", null, 1), (short) 9), "another topic");
        assertNotNull(check(produce("orders", null, 0, 1), (short) 9));
        assertNotNull(check(produce("", ORDERS_ID, 1), (short) 13), "v13 names the topic by id");
        assertEquals(2, rule.applied());
        assertFalse(rule.active());
        assertNull(check(produce("orders", null, 1), (short) 9), "spent");
        assertEquals(List.of(rule), faults.rules(), "a spent rule stays listed with its count");
    }

    @Test
    void matchesVersionsClientIdListenerAndGroup() {
        faults.add(FaultSpec.builder().api(ApiKeys.PRODUCE).versions(3, 8).error(Errors.REQUEST_TIMED_OUT));
        assertNull(check(produce("orders", null, 0), (short) 9));
        assertNotNull(check(produce("orders", null, 0), (short) 8));
        faults.clear();
        faults.add(FaultSpec.builder().clientId("other").drop());
        assertNull(check(produce("orders", null, 0), (short) 9));
        faults.clear();
        faults.add(FaultSpec.builder().listener("SSL").drop());
        assertNull(check(produce("orders", null, 0), (short) 9));
        faults.clear();
        faults.add(FaultSpec.builder().group("g1").error("NOT_COORDINATOR"));
        assertNull(check(produce("orders", null, 0), (short) 9));
        JoinGroupRequest join = new JoinGroupRequest().setGroupId("g1");
        assertNotNull(faults.check(ApiKeys.JOIN_GROUP, (short) 9, "c", "PLAINTEXT", join, "test", id -> List.of()));
    }

    @Test
    void aSeedGivesTheSameDrawsEveryTime() {
        List<Boolean> first = draws(42);
        assertEquals(first, draws(42));
        assertTrue(first.contains(true) && first.contains(false), first.toString());
    }

    private List<Boolean> draws(long seed) {
        Faults local = new Faults(id -> Optional.empty());
        local.add(FaultSpec.builder().api("Produce").drop().probability(0.5, seed));
        List<Boolean> draws = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            draws.add(local.check(
                            ApiKeys.PRODUCE,
                            (short) 9,
                            "c",
                            "PLAINTEXT",
                            produce("t", null, 0),
                            "test",
                            id -> List.of())
                    != null);
        }
        return draws;
    }

    @Test
    void errorAnswersWithoutProcessingAndHoldWaitsForTheRelease() {
        FaultRule error = faults.add(FaultSpec.builder()
                .api("Produce")
                .error("NOT_LEADER_OR_FOLLOWER")
                .count(1));
        List<String> processed = new ArrayList<>();
        CompletableFuture<String> answer = check(produce("orders", null, 0), (short) 9)
                .run(
                        () -> {
                            processed.add("x");
                            return CompletableFuture.completedFuture("processed");
                        },
                        e -> CompletableFuture.completedFuture(e.name()),
                        r -> {});
        assertEquals("NOT_LEADER_OR_FOLLOWER", answer.join());
        assertEquals(List.of(), processed, "the handler never ran");
        assertEquals(1, error.applied());

        FaultRule hold = faults.add(FaultSpec.builder().api("Produce").hold());
        CompletableFuture<String> held = check(produce("orders", null, 0), (short) 9)
                .run(() -> CompletableFuture.completedFuture("processed"), e -> null, r -> {});
        assertFalse(held.isDone());
        assertTrue(faults.remove(hold.id()));
        assertEquals("processed", held.join());

        faults.add(FaultSpec.builder().api("Produce").drop());
        List<String> discarded = new ArrayList<>();
        CompletableFuture<String> dropped = check(produce("orders", null, 0), (short) 9)
                .run(() -> CompletableFuture.completedFuture("processed"), e -> null, discarded::add);
        assertNull(dropped.join());
        assertEquals(List.of("processed"), discarded);
    }

    @Test
    void anErrorRuleNamingAPartitionInjectsItsErrorThereAndLetsTheHandlerProcessTheRest() {
        faults.add(
                FaultSpec.builder().api("Produce").topic("orders").partition(0).error("NOT_LEADER_OR_FOLLOWER"));
        List<String> processed = new ArrayList<>();
        CompletableFuture<String> answer = check(produce("orders", null, 0), (short) 9)
                .run(
                        injected -> {
                            processed.add(injected.errorFor("orders", 0) + "/" + injected.errorFor("orders", 1) + "/"
                                    + injected.errorFor("other", 0));
                            return CompletableFuture.completedFuture("processed");
                        },
                        true,
                        e -> CompletableFuture.completedFuture("whole request: " + e.name()),
                        r -> {});
        assertEquals("processed", answer.join());
        assertEquals(List.of("NOT_LEADER_OR_FOLLOWER/null/null"), processed);

        CompletableFuture<String> whole = check(produce("orders", null, 0), (short) 9)
                .run(
                        injected -> CompletableFuture.completedFuture("processed"),
                        false,
                        e -> CompletableFuture.completedFuture("whole request: " + e.name()),
                        r -> {});
        assertEquals("whole request: NOT_LEADER_OR_FOLLOWER", whole.join(), "a handler without per-partition errors");
    }

    @Test
    void aTopicRuleMatchesTopicLevelRequestsAndInjectsItsErrorIntoTheWholeTopicOnly() {
        CreateTopicsRequest create = new CreateTopicsRequest();
        create.topics().add(new CreateTopicsRequest.CreatableTopic().setName("orders"));
        create.topics().add(new CreateTopicsRequest.CreatableTopic().setName("payments"));
        faults.add(FaultSpec.builder()
                .api("CreateTopics")
                .topic("orders")
                .partition(0)
                .error("POLICY_VIOLATION"));
        assertNull(
                faults.check(ApiKeys.CREATE_TOPICS, (short) 7, "c", "PLAINTEXT", create, "test", id -> List.of()),
                "a rule naming a partition does not match a request about whole topics");
        faults.clear();
        faults.add(FaultSpec.builder().api("CreateTopics").topic("orders").error("POLICY_VIOLATION"));
        List<String> injected = new ArrayList<>();
        faults.check(ApiKeys.CREATE_TOPICS, (short) 7, "c", "PLAINTEXT", create, "test", id -> List.of())
                .run(
                        errors -> {
                            injected.add(errors.errorFor("orders", InjectedErrors.WHOLE_TOPIC) + "/"
                                    + errors.errorFor("payments", InjectedErrors.WHOLE_TOPIC));
                            return CompletableFuture.completedFuture("processed");
                        },
                        true,
                        e -> CompletableFuture.completedFuture("whole request"),
                        r -> {});
        assertEquals(List.of("POLICY_VIOLATION/null"), injected);
    }

    @Test
    void badRulesNameTheirField() {
        assertThrows(IllegalArgumentException.class, () -> FaultSpec.builder().api("Produse"), "api");
        IllegalArgumentException count = assertThrows(
                IllegalArgumentException.class,
                () -> FaultSpec.builder().drop().count(0).build());
        assertTrue(count.getMessage().startsWith("count:"), count.getMessage());
        IllegalArgumentException error = assertThrows(
                IllegalArgumentException.class, () -> FaultSpec.builder().error("NOPE"));
        assertTrue(error.getMessage().startsWith("error:"), error.getMessage());
        assertEquals(ApiKeys.JOIN_GROUP, ApiNames.parse("11"));
        assertEquals(ApiKeys.CONSUMER_GROUP_HEARTBEAT, ApiNames.parse("consumer_group_heartbeat"));
        assertEquals(Map.of(), Map.of());
    }

    @Test
    void viewsCopyWhatARuleMatchesWhatItDoesAndHowOftenItApplied() {
        faults.add(FaultSpec.builder().api("Fetch").clientId("slow").latency(Duration.ofMillis(200)));
        faults.add(FaultSpec.builder()
                .api("Produce")
                .topic("orders")
                .partition(1)
                .error("NOT_LEADER_OR_FOLLOWER")
                .count(1));
        assertNotNull(check(produce("orders", null, 1), (short) 9));
        assertEquals(
                List.of(
                        new FaultRuleView("f1", "api=Fetch clientId=slow", "latency 200 ms", 0, null, true),
                        new FaultRuleView(
                                "f2",
                                "api=Produce topic=orders partition=1",
                                "error NOT_LEADER_OR_FOLLOWER",
                                1,
                                1,
                                false)),
                faults.views());
    }
}
