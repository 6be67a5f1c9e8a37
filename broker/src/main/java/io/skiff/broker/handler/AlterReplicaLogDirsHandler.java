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
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.AlterReplicaLogDirsRequest;
import io.skiff.protocol.message.AlterReplicaLogDirsRequest.AlterReplicaLogDir;
import io.skiff.protocol.message.AlterReplicaLogDirsRequest.AlterReplicaLogDirTopic;
import io.skiff.protocol.message.AlterReplicaLogDirsResponse;
import io.skiff.protocol.message.AlterReplicaLogDirsResponse.AlterReplicaLogDirPartitionResult;
import io.skiff.protocol.message.AlterReplicaLogDirsResponse.AlterReplicaLogDirTopicResult;
import io.skiff.protocol.message.ApiKeys;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * AlterReplicaLogDirs (key 34), versions 1–2, answered as a Kafka broker with one log directory answers it: every
 * replica already lives in that directory, so nothing ever moves.
 * <ul>
 *   <li>a path other than the log directory (as DescribeLogDirs reports it) → LOG_DIR_NOT_FOUND;</li>
 *   <li>the log directory and an existing partition → NONE (the replica is there already);</li>
 *   <li>the log directory and a partition that does not exist → UNKNOWN_TOPIC_OR_PARTITION (Kafka 4.4 answers this,
 *       not the REPLICA_NOT_AVAILABLE of older brokers);</li>
 *   <li>without ALTER on the cluster → CLUSTER_AUTHORIZATION_FAILED for every partition.</li>
 * </ul>
 * A partition named under several paths gets the answer for the last one, as Kafka keeps one destination per
 * partition.
 *
 * <p>Thread-safe: reads the topic registry only.
 */
public final class AlterReplicaLogDirsHandler
        extends AbstractApiHandler<AlterReplicaLogDirsRequest, AlterReplicaLogDirsResponse> {
    private final TopicRegistry topics;

    public AlterReplicaLogDirsHandler(TopicRegistry topics) {
        super(ApiKeys.ALTER_REPLICA_LOG_DIRS, 1, 2);
        this.topics = topics;
    }

    @Override
    public CompletableFuture<AlterReplicaLogDirsResponse> handle(
            RequestContext ctx, AlterReplicaLogDirsRequest request) {
        Map<String, Map<Integer, String>> destinations = destinations(request.dirs());
        boolean allowed = ctx.clusterAllowed(AclOperation.ALTER);
        String logDir = topics.dataDir().toAbsolutePath().toString();
        AlterReplicaLogDirsResponse response = new AlterReplicaLogDirsResponse();
        destinations.forEach((topic, partitions) -> {
            AlterReplicaLogDirTopicResult result = new AlterReplicaLogDirTopicResult().setTopicName(topic);
            partitions.forEach((partition, path) -> {
                Errors error = !allowed
                        ? Errors.CLUSTER_AUTHORIZATION_FAILED
                        : !logDir.equals(path)
                                ? Errors.LOG_DIR_NOT_FOUND
                                : topics.topic(topic)
                                                .map(t -> t.hasPartition(partition))
                                                .orElse(false)
                                        ? Errors.NONE
                                        : Errors.UNKNOWN_TOPIC_OR_PARTITION;
                result.partitions()
                        .add(new AlterReplicaLogDirPartitionResult()
                                .setPartitionIndex(partition)
                                .setErrorCode(error.code()));
            });
            response.results().add(result);
        });
        return CompletableFuture.completedFuture(response);
    }

    /** Topic to partition to destination path, in request order; a later path for a partition replaces an earlier. */
    private static Map<String, Map<Integer, String>> destinations(List<AlterReplicaLogDir> dirs) {
        Map<String, Map<Integer, String>> destinations = new LinkedHashMap<>();
        for (AlterReplicaLogDir dir : dirs) {
            for (AlterReplicaLogDirTopic topic : dir.topics()) {
                Map<Integer, String> partitions =
                        destinations.computeIfAbsent(topic.name(), k -> new LinkedHashMap<>());
                for (int partition : topic.partitions()) {
                    partitions.put(partition, dir.path());
                }
            }
        }
        return destinations;
    }

    @Override
    public AlterReplicaLogDirsResponse errorResponse(
            RequestContext ctx, AlterReplicaLogDirsRequest request, Errors error) {
        AlterReplicaLogDirsResponse response = new AlterReplicaLogDirsResponse();
        destinations(request.dirs()).forEach((topic, partitions) -> {
            AlterReplicaLogDirTopicResult result = new AlterReplicaLogDirTopicResult().setTopicName(topic);
            partitions
                    .keySet()
                    .forEach(p -> result.partitions()
                            .add(new AlterReplicaLogDirPartitionResult()
                                    .setPartitionIndex(p)
                                    .setErrorCode(error.code())));
            response.results().add(result);
        });
        return response;
    }
}
