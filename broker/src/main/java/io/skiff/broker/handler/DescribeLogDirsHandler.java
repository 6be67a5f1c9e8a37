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
import io.skiff.broker.topic.Partition;
import io.skiff.broker.topic.Topic;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.DescribeLogDirsRequest;
import io.skiff.protocol.message.DescribeLogDirsRequest.DescribableLogDirTopic;
import io.skiff.protocol.message.DescribeLogDirsResponse;
import io.skiff.protocol.message.DescribeLogDirsResponse.DescribeLogDirsPartition;
import io.skiff.protocol.message.DescribeLogDirsResponse.DescribeLogDirsResult;
import io.skiff.protocol.message.DescribeLogDirsResponse.DescribeLogDirsTopic;
import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * DescribeLogDirs (key 35), versions 1–5: Skiff's one log directory (the first of {@code log.dirs}, as an absolute
 * path) with the size in bytes of each partition's log, offset lag 0 (no replica is behind: there is one) and no
 * future logs; v4 adds the file system's total and usable bytes, v5 whether the directory is cordoned (never: Skiff
 * cannot cordon its one directory). As Kafka: null topics = every partition;
 * otherwise only the named partitions that exist, and topics left without partitions are omitted. A directory
 * that cannot be examined → KAFKA_STORAGE_ERROR for it.
 *
 * <p>Thread-safe: stateless apart from the thread-safe registry.
 */
public final class DescribeLogDirsHandler extends AbstractApiHandler<DescribeLogDirsRequest, DescribeLogDirsResponse> {
    private final NodeTopics node; // in a simulated cluster: the node whose replicas are listed

    public DescribeLogDirsHandler(NodeTopics node) {
        super(ApiKeys.DESCRIBE_LOG_DIRS, 1, 5);
        this.node = node;
    }

    @Override
    public CompletableFuture<DescribeLogDirsResponse> handle(RequestContext ctx, DescribeLogDirsRequest request) {
        if (!ctx.clusterAllowed(AclOperation.DESCRIBE)) {
            return CompletableFuture.completedFuture(
                    new DescribeLogDirsResponse().setErrorCode(Errors.CLUSTER_AUTHORIZATION_FAILED.code()));
        }
        Path dir = node.topics().dataDir().toAbsolutePath();
        DescribeLogDirsResult result = new DescribeLogDirsResult().setLogDir(dir.toString());
        try {
            FileStore store = Files.getFileStore(dir);
            result.setTotalBytes(nonNegative(store.getTotalSpace()))
                    .setUsableBytes(nonNegative(store.getUsableSpace()));
            Map<String, Set<Integer>> wanted = wanted(request.topics());
            for (Topic topic : node.topics().topics()) {
                DescribeLogDirsTopic described = describe(topic, wanted);
                if (!described.partitions().isEmpty()) {
                    result.topics().add(described);
                }
            }
        } catch (IOException e) {
            result.setErrorCode(Errors.KAFKA_STORAGE_ERROR.code()).setTopics(new ArrayList<>());
        }
        DescribeLogDirsResponse response = new DescribeLogDirsResponse();
        response.results().add(result);
        return CompletableFuture.completedFuture(response);
    }

    /** Requested partitions by topic, or null for all. */
    private static Map<String, Set<Integer>> wanted(List<DescribableLogDirTopic> requested) {
        if (requested == null) {
            return null;
        }
        Map<String, Set<Integer>> wanted = new HashMap<>();
        for (DescribableLogDirTopic t : requested) {
            wanted.computeIfAbsent(t.topic(), k -> new HashSet<>()).addAll(t.partitions());
        }
        return wanted;
    }

    private DescribeLogDirsTopic describe(Topic topic, Map<String, Set<Integer>> wanted) {
        DescribeLogDirsTopic described = new DescribeLogDirsTopic().setName(topic.name());
        Set<Integer> indexes = wanted == null ? null : wanted.getOrDefault(topic.name(), Set.of());
        for (Partition p : topic.partitions()) {
            if ((indexes == null || indexes.contains(p.index())) && node.holdsReplica(topic, p.index())) {
                described
                        .partitions()
                        .add(new DescribeLogDirsPartition()
                                .setPartitionIndex(p.index())
                                .setPartitionSize(p.log().sizeInBytes())
                                .setOffsetLag(0)
                                .setIsFutureKey(false));
            }
        }
        return described;
    }

    /** Kafka reports Long.MAX_VALUE for file systems whose size overflows a long (reported as negative). */
    private static long nonNegative(long bytes) {
        return bytes < 0 ? Long.MAX_VALUE : bytes;
    }

    @Override
    public DescribeLogDirsResponse errorResponse(RequestContext ctx, DescribeLogDirsRequest request, Errors error) {
        return new DescribeLogDirsResponse().setErrorCode(error.code());
    }
}
