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
import io.skiff.broker.topic.InvalidTopicException;
import io.skiff.broker.topic.Topic;
import io.skiff.broker.topic.TopicNames;
import io.skiff.config.BrokerConfig;
import io.skiff.config.BrokerConfigKeys;
import io.skiff.config.ConfigEntry;
import io.skiff.config.ConfigException;
import io.skiff.config.TopicConfig;
import io.skiff.protocol.Errors;
import io.skiff.protocol.Uuids;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.CreateTopicsRequest;
import io.skiff.protocol.message.CreateTopicsResponse;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * CreateTopics (key 19), v2–7.
 *
 * <p>Behaviour, as Kafka's with one broker, per topic:
 * <ul>
 *   <li>a name given twice in one request: INVALID_REQUEST; an illegal name or one colliding with an existing
 *       topic ('.' vs '_'): INVALID_TOPIC_EXCEPTION; an existing name: TOPIC_ALREADY_EXISTS;</li>
 *   <li>num_partitions -1 uses {@code num.partitions}; 0 or below -1: INVALID_PARTITIONS;</li>
 *   <li>replication_factor -1 uses {@code default.replication.factor}; it must come out as 1 (one broker),
 *       otherwise INVALID_REPLICATION_FACTOR with Kafka's message;</li>
 *   <li>a manual assignment must put every partition 0..n-1 on this node only (INVALID_REPLICA_ASSIGNMENT), and
 *       excludes num_partitions / replication_factor (INVALID_REQUEST);</li>
 *   <li>configs are validated as topic configs (INVALID_CONFIG with the reason);</li>
 *   <li>validate_only checks all of that without creating anything;</li>
 *   <li>v5+ answers with the partition count, replication factor and every topic config; v7+ with the topic id.</li>
 * </ul>
 * A request that would create more than Kafka's 10000 metadata records (topics + partitions + configs) is refused
 * as a whole: POLICY_VIOLATION for every topic, nothing created.
 * Creation writes and fsyncs files, so it runs on the blocking executor.
 *
 * <p>Thread-safe (stateless apart from the registry).
 */
public final class CreateTopicsHandler extends BlockingApiHandler<CreateTopicsRequest, CreateTopicsResponse> {
    private final NodeTopics node;
    private final BrokerConfig config;

    /** @param node the topics; in a simulated cluster, whose nodes take the replicas */
    public CreateTopicsHandler(NodeTopics node, BrokerConfig config) {
        super(ApiKeys.CREATE_TOPICS, 2, 7);
        this.node = node;
        this.config = config;
    }

    @Override
    protected CreateTopicsResponse respond(RequestContext ctx, CreateTopicsRequest request) {
        Set<String> duplicates = RepeatedNames.of(request.topics(), CreateTopicsRequest.CreatableTopic::name);
        CreateTopicsResponse response = new CreateTopicsResponse();
        if (recordsNeeded(request) > BatchOperationLimit.MAX_RECORDS) {
            for (CreateTopicsRequest.CreatableTopic t : request.topics()) {
                response.topics().add(error(t.name(), Errors.POLICY_VIOLATION, BatchOperationLimit.MESSAGE));
            }
            return response;
        }
        // As Kafka: each duplicated name is answered once, after the other topics.
        Set<String> answered = new HashSet<>();
        for (CreateTopicsRequest.CreatableTopic t : request.topics()) {
            if (duplicates.contains(t.name())) {
                continue;
            }
            Errors injected = ctx.injectedError(t.name());
            if (injected != null) {
                response.topics().add(error(t.name(), injected, null)); // a fault rule's: not created
                continue;
            }
            if (request.timeoutMs() <= 0) {
                // Kafka's controller gets the request with a deadline already past and times every topic out.
                response.topics().add(error(t.name(), Errors.REQUEST_TIMED_OUT, null));
                continue;
            }
            boolean mayCreate = ctx.clusterAllowed(AclOperation.CREATE)
                    || ctx.allowed(AclOperation.CREATE, ResourceType.TOPIC, t.name());
            response.topics()
                    .add(
                            mayCreate
                                    ? create(t, request.validateOnly())
                                    : error(t.name(), Errors.TOPIC_AUTHORIZATION_FAILED, "Authorization failed."));
        }
        for (CreateTopicsRequest.CreatableTopic t : request.topics()) {
            if (duplicates.contains(t.name()) && answered.add(t.name())) {
                response.topics().add(error(t.name(), Errors.INVALID_REQUEST, "Duplicate topic name."));
            }
        }
        return response;
    }

    /** Kafka's metadata records for the request: per topic one, plus one per partition and per config. */
    private long recordsNeeded(CreateTopicsRequest request) {
        long records = 0;
        for (CreateTopicsRequest.CreatableTopic t : request.topics()) {
            int partitions = !t.assignments().isEmpty()
                    ? t.assignments().size()
                    : t.numPartitions() == -1
                            ? config.get(BrokerConfigKeys.NUM_PARTITIONS)
                            : Math.max(0, t.numPartitions());
            records += 1L + partitions + t.configs().size();
        }
        return records;
    }

    private CreateTopicsResponse.CreatableTopicResult create(
            CreateTopicsRequest.CreatableTopic t, boolean validateOnly) {
        // Kafka's controller checks the name, then whether the topic exists, before anything else of the topic.
        if (!TopicNames.isValid(t.name())) {
            try {
                TopicNames.validate(t.name());
            } catch (InvalidTopicException e) {
                return error(t.name(), Errors.INVALID_TOPIC_EXCEPTION, e.getMessage());
            }
        }
        if (node.topics().topic(t.name()).isPresent()) {
            return error(t.name(), Errors.TOPIC_ALREADY_EXISTS, "Topic '" + t.name() + "' already exists.");
        }
        int partitions;
        int replicationFactor;
        if (!t.assignments().isEmpty()) {
            if (t.numPartitions() != -1 || t.replicationFactor() != -1) {
                return error(
                        t.name(),
                        Errors.INVALID_REQUEST,
                        "Both numPartitions or replicationFactor and "
                                + "replicasAssignments were set. Both cannot be used at the same time.");
            }
            String problem = assignmentProblem(t.assignments());
            if (problem != null) {
                return error(t.name(), Errors.INVALID_REPLICA_ASSIGNMENT, problem);
            }
            partitions = t.assignments().size();
            replicationFactor = t.assignments().get(0).brokerIds().size();
        } else {
            replicationFactor = t.replicationFactor() == -1
                    ? config.get(BrokerConfigKeys.DEFAULT_REPLICATION_FACTOR)
                    : t.replicationFactor();
            if (t.replicationFactor() < -1 || t.replicationFactor() == 0) {
                return error(
                        t.name(),
                        Errors.INVALID_REPLICATION_FACTOR,
                        "Replication factor must be larger than 0, or -1 to use the default value.");
            }
            if (t.numPartitions() < -1 || t.numPartitions() == 0) {
                return error(
                        t.name(),
                        Errors.INVALID_PARTITIONS,
                        "Number of partitions was set to an invalid non-positive value.");
            }
            // Kafka's controller counts every registered broker (a stopped node is a fenced one: it may hold a
            // follower replica, never the leader), and needs one unfenced broker
            String problem = node.cluster() == null
                    ? (replicationFactor > 1
                            ? "The target replication factor of " + replicationFactor
                                    + " cannot be reached because only 1 broker(s) are registered or some brokers"
                                    + " have all their log directories cordoned."
                            : null)
                    : node.cluster().replicationFactorProblem(replicationFactor);
            if (problem != null) {
                return error(
                        t.name(),
                        Errors.INVALID_REPLICATION_FACTOR,
                        "Unable to replicate the partition " + replicationFactor + " time(s): " + problem);
            }
            partitions = t.numPartitions() == -1 ? config.get(BrokerConfigKeys.NUM_PARTITIONS) : t.numPartitions();
        }
        Map<String, String> configs = new HashMap<>();
        for (CreateTopicsRequest.CreatableTopicConfig c : t.configs()) {
            if (c.value() == null) {
                return error(
                        t.name(), Errors.INVALID_CONFIG, "Null value not supported for topic configs: " + c.name());
            }
            configs.put(c.name(), c.value());
        }
        try {
            TopicConfig topicConfig;
            CreateTopicsResponse.CreatableTopicResult result = new CreateTopicsResponse.CreatableTopicResult()
                    .setName(t.name())
                    .setErrorCode(Errors.NONE.code())
                    .setErrorMessage(null)
                    .setNumPartitions(partitions)
                    .setReplicationFactor((short) (node.cluster() == null ? 1 : replicationFactor));
            if (validateOnly) {
                topicConfig = node.topics().validateNewTopic(t.name(), partitions, configs);
                result.setTopicId(Uuids.ZERO);
            } else {
                Topic topic = node.topics().createTopic(t.name(), partitions, configs);
                if (node.cluster() != null) {
                    node.cluster().assign(topic, 0, replicaLists(topic, t, partitions, replicationFactor));
                }
                topicConfig = topic.config();
                result.setTopicId(topic.id());
            }
            return result.setConfigs(describe(topicConfig));
        } catch (ConfigException e) {
            return error(t.name(), Errors.INVALID_CONFIG, TopicConfigErrors.message(e, configs));
        } catch (RuntimeException e) {
            Errors error = DataErrors.of(e);
            return error(t.name(), error, error == Errors.UNKNOWN_SERVER_ERROR ? e.toString() : e.getMessage());
        }
    }

    private List<List<Integer>> replicaLists(
            Topic topic, CreateTopicsRequest.CreatableTopic t, int partitions, int replicationFactor) {
        if (t.assignments().isEmpty()) {
            return node.cluster().placement(topic, 0, partitions, replicationFactor);
        }
        List<List<Integer>> lists = new ArrayList<>(java.util.Collections.nCopies(partitions, List.<Integer>of()));
        for (CreateTopicsRequest.CreatableReplicaAssignment a : t.assignments()) {
            lists.set(a.partitionIndex(), List.copyOf(a.brokerIds()));
        }
        return lists;
    }

    private String assignmentProblem(List<CreateTopicsRequest.CreatableReplicaAssignment> assignments) {
        Set<Integer> indexes = new HashSet<>();
        int replicas = assignments.get(0).brokerIds().size();
        List<Integer> nodes =
                node.cluster() == null ? List.of(node.nodeId()) : node.cluster().registeredNodes();
        for (CreateTopicsRequest.CreatableReplicaAssignment a : assignments) {
            // Kafka's checks and messages, in its order: the replica list itself, then the same size as the first.
            ResourceError problem = ReplicaAssignment.check(a.brokerIds(), nodes);
            if (problem != ResourceError.NONE) {
                return problem.message();
            }
            if (a.brokerIds().size() != replicas) {
                return "All partitions in the manual partition assignment must have the same number of replicas.";
            }
            if (node.cluster() != null && a.brokerIds().stream().noneMatch(node.cluster()::isRunning)) {
                return "All brokers specified in the manual partition assignment for partition " + a.partitionIndex()
                        + " are fenced or in controlled shutdown.";
            }
            indexes.add(a.partitionIndex());
        }
        for (int i = 0; i < assignments.size(); i++) {
            if (!indexes.contains(i)) {
                return "Partitions should be numbered 0 to " + (assignments.size() - 1) + " in the manual assignment";
            }
        }
        return null;
    }

    private static List<CreateTopicsResponse.CreatableTopicConfigs> describe(TopicConfig topicConfig) {
        List<CreateTopicsResponse.CreatableTopicConfigs> out = new ArrayList<>();
        List<ConfigEntry> byName = new ArrayList<>(topicConfig.describe());
        byName.sort(java.util.Comparator.comparing(ConfigEntry::name)); // Kafka lists them in name order
        for (ConfigEntry e : byName) {
            out.add(new CreateTopicsResponse.CreatableTopicConfigs()
                    .setName(e.name())
                    .setValue(e.sensitive() ? null : e.value())
                    .setReadOnly(e.readOnly())
                    .setConfigSource(e.source().id())
                    .setIsSensitive(e.sensitive()));
        }
        return out;
    }

    private static CreateTopicsResponse.CreatableTopicResult error(String name, Errors error, String message) {
        return new CreateTopicsResponse.CreatableTopicResult()
                .setName(name)
                .setTopicId(Uuids.ZERO)
                .setErrorCode(error.code())
                .setErrorMessage(message)
                .setNumPartitions(-1)
                .setReplicationFactor((short) -1)
                .setConfigs(new ArrayList<>());
    }

    @Override
    public boolean answersInjectedErrors() {
        return true;
    }

    @Override
    public CreateTopicsResponse errorResponse(RequestContext ctx, CreateTopicsRequest request, Errors error) {
        CreateTopicsResponse response = new CreateTopicsResponse();
        for (CreateTopicsRequest.CreatableTopic t : request.topics()) {
            response.topics().add(error(t.name(), error, null));
        }
        return response;
    }
}
