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
package io.skiff.compat.differential;

import static org.awaitility.Awaitility.await;

import io.skiff.protocol.ApiMessage;
import io.skiff.protocol.message.AlterClientQuotasRequest;
import io.skiff.protocol.message.AlterClientQuotasResponse;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.CreatePartitionsResponse;
import io.skiff.protocol.message.CreateTopicsRequest;
import io.skiff.protocol.message.CreateTopicsResponse;
import io.skiff.protocol.message.DeleteGroupsRequest;
import io.skiff.protocol.message.DeleteTopicsRequest;
import io.skiff.protocol.message.DeleteTopicsResponse;
import io.skiff.protocol.message.DescribeClientQuotasRequest;
import io.skiff.protocol.message.DescribeClientQuotasResponse;
import io.skiff.protocol.message.ListGroupsRequest;
import io.skiff.protocol.message.ListGroupsResponse;
import io.skiff.protocol.message.MetadataRequest;
import io.skiff.protocol.message.MetadataResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.awaitility.core.ConditionTimeoutException;

/**
 * Kafka's metadata follows a topic's creation, deletion or new partitions a moment later (its controller decides,
 * then the broker learns); a client retries until it does. After such a request, a corpus waits until Kafka's
 * metadata shows the change, so that the next request finds both brokers in the same state. Skiff needs no wait.
 * At the end, a corpus removes its topics and groups from the shared Kafka.
 *
 * <p>Stateless.
 */
final class KafkaSettling {
    private static final short UNKNOWN_TOPIC_OR_PARTITION = 3;
    private static final short LEADER_NOT_AVAILABLE = 5;
    private static final byte MATCH_EXACT = 0;
    private static final byte MATCH_DEFAULT = 1;
    private static final Duration WAIT = Duration.ofSeconds(30);

    private KafkaSettling() {}

    /** Waits for what {@code request}, answered by Kafka with {@code kafkaAnswer}, changed in Kafka's metadata. */
    static void awaitSettled(DifferentialBrokers brokers, ApiMessage request, ApiMessage kafkaAnswer) {
        List<String> created = new ArrayList<>();
        List<String> deleted = new ArrayList<>();
        List<String> mayBeCreated = new ArrayList<>();
        if (kafkaAnswer instanceof CreateTopicsResponse r && !((CreateTopicsRequest) request).validateOnly()) {
            r.topics().stream().filter(t -> t.errorCode() == 0).forEach(t -> created.add(t.name()));
        } else if (kafkaAnswer instanceof CreatePartitionsResponse r) {
            r.results().stream().filter(t -> t.errorCode() == 0).forEach(t -> created.add(t.name()));
        } else if (kafkaAnswer instanceof MetadataResponse r && ((MetadataRequest) request).allowAutoTopicCreation()) {
            // Kafka forwards an auto-creation to its controller and answers UNKNOWN_TOPIC_OR_PARTITION meanwhile.
            r.topics().stream()
                    .filter(t -> t.errorCode() == LEADER_NOT_AVAILABLE || t.errorCode() == UNKNOWN_TOPIC_OR_PARTITION)
                    .forEach(t -> mayBeCreated.add(t.name()));
        } else if (kafkaAnswer instanceof DeleteTopicsResponse r) {
            r.responses().stream().filter(t -> t.errorCode() == 0).forEach(t -> deleted.add(t.name()));
        }
        awaitQuotas(brokers, request, kafkaAnswer);
        for (String topic : created) {
            await().atMost(WAIT).until(() -> brokers.kafkaKnows(topic));
        }
        for (String topic : mayBeCreated) {
            try {
                await().atMost(Duration.ofSeconds(5)).until(() -> brokers.kafkaKnows(topic));
            } catch (ConditionTimeoutException notCreated) {
                // Kafka did not create it (an invalid name, or the creation failed): nothing to wait for.
            }
        }
        for (String topic : deleted) {
            await().atMost(WAIT).until(() -> !brokers.kafkaKnows(topic));
        }
    }

    /**
     * Kafka's quotas, like its topics, reach the broker's cache a moment after the controller accepted them: waits
     * until Kafka describes every entity it altered with the values it was given.
     */
    static void awaitQuotas(DifferentialBrokers brokers, ApiMessage alteration, ApiMessage kafkaAnswer) {
        if (!(kafkaAnswer instanceof AlterClientQuotasResponse answer)
                || !(alteration instanceof AlterClientQuotasRequest request)
                || request.validateOnly()
                || request.entries().size() != answer.entries().size()) {
            return;
        }
        for (int i = 0; i < request.entries().size(); i++) {
            if (answer.entries().get(i).errorCode() != 0) {
                continue;
            }
            AlterClientQuotasRequest.EntryData altered = request.entries().get(i);
            await().atMost(WAIT).until(() -> describesAsAltered(brokers, altered));
        }
    }

    private static boolean describesAsAltered(DifferentialBrokers brokers, AlterClientQuotasRequest.EntryData altered)
            throws IOException {
        List<DescribeClientQuotasRequest.ComponentData> components = new ArrayList<>();
        for (AlterClientQuotasRequest.EntityData e : altered.entity()) {
            components.add(new DescribeClientQuotasRequest.ComponentData()
                    .setEntityType(e.entityType())
                    .setMatchType(e.entityName() == null ? MATCH_DEFAULT : MATCH_EXACT)
                    .setMatch(e.entityName()));
        }
        DescribeClientQuotasResponse described = (DescribeClientQuotasResponse) brokers.sendToKafka(
                ApiKeys.DESCRIBE_CLIENT_QUOTAS,
                (short) 1,
                new DescribeClientQuotasRequest().setComponents(components).setStrict(true));
        Map<String, Double> values = new HashMap<>();
        described.entries().forEach(entry -> entry.values().forEach(v -> values.put(v.key(), v.value())));
        return altered.ops().stream()
                .allMatch(op ->
                        op.remove() ? !values.containsKey(op.key()) : Objects.equals(values.get(op.key()), op.value()));
    }

    /**
     * Deletes a corpus's topics and groups ({@code ours}) from the shared Kafka, so that later test classes do not
     * see them.
     */
    static void leaveKafkaAsFound(DifferentialBrokers brokers, Predicate<String> ours) throws IOException {
        MetadataResponse all = (MetadataResponse)
                brokers.sendToKafka(ApiKeys.METADATA, (short) 12, new MetadataRequest().setTopics(null));
        List<String> topics = all.topics().stream()
                .map(MetadataResponse.MetadataResponseTopic::name)
                .filter(ours)
                .collect(Collectors.toCollection(ArrayList::new));
        if (!topics.isEmpty()) {
            brokers.sendToKafka(
                    ApiKeys.DELETE_TOPICS,
                    (short) 5,
                    new DeleteTopicsRequest().setTopicNames(topics).setTimeoutMs(30_000));
        }
        // The newest version (v5), as Kafka's own tools send it: every type of group, streams and share included.
        ListGroupsResponse groups =
                (ListGroupsResponse) brokers.sendToKafka(ApiKeys.LIST_GROUPS, (short) 5, new ListGroupsRequest());
        List<String> groupIds = groups.groups().stream()
                .map(ListGroupsResponse.ListedGroup::groupId)
                .filter(ours)
                .collect(Collectors.toCollection(ArrayList::new));
        if (!groupIds.isEmpty()) {
            brokers.sendToKafka(ApiKeys.DELETE_GROUPS, (short) 2, new DeleteGroupsRequest().setGroupsNames(groupIds));
        }
    }
}
