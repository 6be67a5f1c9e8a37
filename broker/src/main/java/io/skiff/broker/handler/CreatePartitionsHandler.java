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
import io.skiff.broker.topic.Topic;
import io.skiff.broker.topic.UnknownTopicException;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.CreatePartitionsRequest;
import io.skiff.protocol.message.CreatePartitionsRequest.CreatePartitionsAssignment;
import io.skiff.protocol.message.CreatePartitionsRequest.CreatePartitionsTopic;
import io.skiff.protocol.message.CreatePartitionsResponse;
import io.skiff.protocol.message.CreatePartitionsResponse.CreatePartitionsTopicResult;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * CreatePartitions (key 37), versions 0–3: grows topics to a new partition count, with Kafka 4.1's checks and
 * messages, in its order:
 * <ul>
 *   <li>a topic named twice → INVALID_REQUEST "Duplicate topic name." (once, listed first);</li>
 *   <li>an unknown topic → UNKNOWN_TOPIC_OR_PARTITION (no message);</li>
 *   <li>the same count → INVALID_PARTITIONS "Topic already has N partition(s)."; a smaller one → INVALID_PARTITIONS
 *       "The topic T currently has N partition(s); C would not be an increase.";</li>
 *   <li>manual assignments: one per new partition, each naming exactly this node once, else
 *       INVALID_REPLICA_ASSIGNMENT with Kafka's message (a single node has replication factor 1);</li>
 *   <li>{@code validate_only} stops here; otherwise the partitions are created and persisted.</li>
 * </ul>
 * More than Kafka's 10000 new partitions in one request: POLICY_VIOLATION "Unable to perform excessively large batch
 * operation." for every topic of the request, nothing created (see {@link BatchOperationLimit}).
 * {@code timeout_ms} is not needed: creation completes before the answer.
 *
 * <p>Thread-safe: stateless apart from the thread-safe registry. It writes files, so it runs on the blocking
 * executor.
 */
public final class CreatePartitionsHandler
        extends BlockingApiHandler<CreatePartitionsRequest, CreatePartitionsResponse> {
    private final NodeTopics node;

    /** @param node the topics; in a simulated cluster, whose nodes take the new replicas */
    public CreatePartitionsHandler(NodeTopics node) {
        super(ApiKeys.CREATE_PARTITIONS, 0, 3);
        this.node = node;
    }

    @Override
    protected CreatePartitionsResponse respond(RequestContext ctx, CreatePartitionsRequest request) {
        Set<String> duplicates = RepeatedNames.of(request.topics(), CreatePartitionsTopic::name);
        CreatePartitionsResponse response = new CreatePartitionsResponse();
        if (newPartitions(request) > BatchOperationLimit.MAX_RECORDS) {
            for (CreatePartitionsTopic topic : request.topics()) {
                response.results()
                        .add(result(
                                topic.name(), ResourceError.of(Errors.POLICY_VIOLATION, BatchOperationLimit.MESSAGE)));
            }
            return response;
        }
        for (String name : duplicates) {
            response.results().add(result(name, ResourceError.of(Errors.INVALID_REQUEST, "Duplicate topic name.")));
        }
        for (CreatePartitionsTopic topic : request.topics()) {
            if (!duplicates.contains(topic.name())) {
                Errors refused = ctx.topicRefusal(topic.name(), AclOperation.ALTER); // refused: no partition added
                response.results()
                        .add(result(
                                topic.name(),
                                refused != null
                                        ? ResourceError.of(refused, null)
                                        : create(topic, request.validateOnly())));
            }
        }
        return response;
    }

    /** Partitions the request would add to existing topics: one metadata record each in Kafka. */
    private long newPartitions(CreatePartitionsRequest request) {
        long total = 0;
        for (CreatePartitionsTopic topic : request.topics()) {
            Optional<Topic> found = node.topics().topic(topic.name());
            if (found.isPresent()) {
                total += Math.max(0, topic.count() - found.get().partitionCount());
            }
        }
        return total;
    }

    private ResourceError create(CreatePartitionsTopic request, boolean validateOnly) {
        Optional<Topic> found = node.topics().topic(request.name());
        if (found.isEmpty()) {
            return ResourceError.of(Errors.UNKNOWN_TOPIC_OR_PARTITION, null);
        }
        int current = found.get().partitionCount();
        int count = request.count();
        if (count == current) {
            return ResourceError.of(Errors.INVALID_PARTITIONS, "Topic already has " + current + " partition(s).");
        }
        if (count < current) {
            return ResourceError.of(
                    Errors.INVALID_PARTITIONS,
                    "The topic " + request.name() + " currently has " + current + " partition(s); " + count
                            + " would not be an increase.");
        }
        ResourceError assignment = checkAssignments(request.assignments(), current, count - current);
        if (assignment.isFailure() || validateOnly) {
            return assignment;
        }
        try {
            Topic grown = node.topics().createPartitions(request.name(), count);
            if (node.cluster() != null) {
                // the new partitions get the topic's replication factor, spread or as assigned
                int factor = node.cluster().replicas(grown, 0).replicas().size();
                node.cluster()
                        .assign(
                                grown,
                                current,
                                request.assignments() == null
                                        ? node.cluster().placement(grown, current, count - current, factor)
                                        : request.assignments().stream()
                                                .map(a -> List.copyOf(a.brokerIds()))
                                                .toList());
            }
            return ResourceError.NONE;
        } catch (UnknownTopicException e) {
            return ResourceError.of(Errors.UNKNOWN_TOPIC_OR_PARTITION, null);
        } catch (IllegalArgumentException e) {
            return ResourceError.of(Errors.INVALID_PARTITIONS, e.getMessage()); // lost a race with another increase
        }
    }

    private ResourceError checkAssignments(List<CreatePartitionsAssignment> assignments, int current, int additional) {
        if (assignments == null) {
            return ResourceError.NONE;
        }
        if (assignments.size() != additional) {
            return invalidAssignment("Attempted to add " + additional + " additional partition(s), but only "
                    + assignments.size() + " assignment(s) were specified.");
        }
        for (int i = 0; i < assignments.size(); i++) {
            CreatePartitionsAssignment assignment = assignments.get(i);
            ResourceError error = node.cluster() == null
                    ? ReplicaAssignment.check(assignment.brokerIds(), node.nodeId())
                    : ReplicaAssignment.check(
                            assignment.brokerIds(), node.cluster().registeredNodes());
            if (error.isFailure()) {
                return error;
            }
            if (node.cluster() != null && assignment.brokerIds().stream().noneMatch(node.cluster()::isRunning)) {
                // a stopped node is a fenced broker to Kafka's controller: one replica must be able to lead
                return invalidAssignment("All brokers specified in the manual partition assignment for partition "
                        + (current + i) + " are fenced or in controlled shutdown.");
            }
        }
        return ResourceError.NONE;
    }

    private static ResourceError invalidAssignment(String message) {
        return ResourceError.of(Errors.INVALID_REPLICA_ASSIGNMENT, message);
    }

    private static CreatePartitionsTopicResult result(String name, ResourceError error) {
        return error.on(new CreatePartitionsTopicResult().setName(name));
    }

    @Override
    public boolean answersInjectedErrors() {
        return true;
    }

    @Override
    public CreatePartitionsResponse errorResponse(RequestContext ctx, CreatePartitionsRequest request, Errors error) {
        CreatePartitionsResponse response = new CreatePartitionsResponse();
        for (CreatePartitionsTopic topic : request.topics()) {
            response.results().add(result(topic.name(), ResourceError.of(error, error.message())));
        }
        return response;
    }
}
