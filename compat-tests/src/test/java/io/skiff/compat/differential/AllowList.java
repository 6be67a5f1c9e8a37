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

import io.skiff.protocol.message.ApiKeys;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * The reviewed differences between Skiff's and Kafka's answers, each with the reason Skiff cannot honestly answer as
 * Kafka does. A difference not listed here fails its test. Keep it short: a difference is fixed in Skiff unless it
 * follows from Skiff being one node without replication, or from a documented choice in the README.
 *
 * <p>Immutable.
 */
final class AllowList {
    /**
     * One accepted difference: an API, the cases it applies to (regex over the case name), the fields it covers
     * (regex over the index-free path) and the reason.
     */
    record Allowance(ApiKeys api, Pattern caseName, Pattern field, String reason) {
        boolean covers(ApiKeys api, String caseName, TreeDiff.Difference d) {
            return this.api == api
                    && this.caseName.matcher(caseName).matches()
                    && field.matcher(d.field()).matches();
        }
    }

    /** Kafka's internal topics that Skiff keeps out of its topic list (see {@link #ENTRIES}). */
    static final List<String> KAFKA_ONLY_TOPICS = List.of("__consumer_offsets", "__transaction_state");

    static final List<Allowance> ENTRIES = List.of(
            new Allowance(
                    ApiKeys.API_VERSIONS,
                    Pattern.compile(".*"),
                    Pattern.compile("apiKeys"),
                    "Skiff lists the APIs it implements, a subset of Kafka's; that each of its ranges lies within"
                            + " Kafka's is checked by skiffAdvertisesOnlyVersionsKafkaHas"),
            new Allowance(
                    ApiKeys.API_VERSIONS,
                    Pattern.compile(".*"),
                    Pattern.compile("finalizedFeaturesEpoch"),
                    "Kafka's finalized epoch is the offset of its metadata log, which grows all the time; Skiff's"
                            + " changes only with UpdateFeatures. The features and levels themselves are compared"),
            new Allowance(
                    ApiKeys.SHARE_GROUP_HEARTBEAT,
                    Pattern.compile("join a new share group"),
                    Pattern.compile("memberEpoch"),
                    "Kafka 4.4 answers a share group's first member with epoch 2 where Skiff answers 1 (its group epoch"
                            + " counts membership and subscription changes only: docs/share-groups.md)"),
            new Allowance(
                    ApiKeys.SHARE_GROUP_HEARTBEAT,
                    Pattern.compile("a greater member epoch"),
                    Pattern.compile("errorMessage"),
                    "The message names the coordinator's member epoch, 2 on Kafka 4.4 and 1 on Skiff (see the join);"
                            + " the error code and the rest of the wording are compared"),
            new Allowance(
                    ApiKeys.SHARE_GROUP_DESCRIBE,
                    Pattern.compile("a share group with its member.*"),
                    Pattern.compile("groups\\[]\\.(groupEpoch|assignmentEpoch|members\\[]\\.memberEpoch)"),
                    "The share group's epochs: 2 on Kafka 4.4, 1 on Skiff (see the join)"),
            new Allowance(
                    ApiKeys.STREAMS_GROUP_HEARTBEAT,
                    Pattern.compile(".*"),
                    Pattern.compile("heartbeatIntervalMs"),
                    "Skiff's developer default of a streams group's heartbeat interval is 500 ms, Kafka's"
                            + " group.streams.heartbeat.interval.ms 5000 (docs/streams-groups.md), as for consumer"
                            + " groups; Kafka's lower bound for a group's own setting is 5000, so a group config cannot"
                            + " make them equal"),
            new Allowance(
                    ApiKeys.STREAMS_GROUP_HEARTBEAT,
                    Pattern.compile("join: a source topic is missing"),
                    Pattern.compile(".*"),
                    "Kafka 4.4.0 answers the first join of a new streams group whose source topic does not exist"
                            + " UNKNOWN_SERVER_ERROR (without a message; a Kafka Streams client retries it as a fatal"
                            + " error would not be); Skiff answers as Kafka 4.1-4.3 and KIP-1071 do: the member joins"
                            + " and is told MISSING_SOURCE_TOPICS (docs/streams-groups.md)"),
            new Allowance(
                    ApiKeys.METADATA,
                    Pattern.compile("kcat\\.frames:\\d+"),
                    Pattern.compile("topics\\[]\\.(errorCode|partitions)"),
                    "Timing: Kafka 4.1 forwards a Metadata request's auto-creation to its controller and answers that"
                            + " request UNKNOWN_TOPIC_OR_PARTITION (the capture shows kcat asking again and finding the"
                            + " topic); Skiff creates the topic at once and describes it in the same answer"),
            new Allowance(
                    ApiKeys.METADATA,
                    Pattern.compile("internal topic by name"),
                    Pattern.compile("topics\\[]\\.(errorCode|partitions|topicId)"),
                    "Skiff keeps group offsets and transaction state in its own logs, not in __consumer_offsets and"
                            + " __transaction_state topics clients can see: Kafka describes the topic, Skiff answers"
                            + " UNKNOWN_TOPIC_OR_PARTITION. Lists of all topics are compared without those two"
                            + " (dropForeignEntries)"),
            new Allowance(
                    ApiKeys.DESCRIBE_CONFIGS,
                    Pattern.compile("group with configs, every key"),
                    Pattern.compile("results\\[]\\.configs\\[]\\.synonyms\\[]\\.value"),
                    "Kafka 4.4 names the broker default of a group's consumer.heartbeat.interval.ms among its"
                            + " synonyms: Skiff's developer default of group.consumer.heartbeat.interval.ms is 500, Kafka's"
                            + " 5000 (README). The other cases describe that key only where the group sets it"));

    /**
     * Lists whose order Kafka leaves to its internal maps, so that no client relies on it: API name + "." + list
     * field → the field the normalizer sorts their elements by (numbers by value, names alphabetically).
     */
    static final Map<String, String> UNORDERED = Map.ofEntries(
            // Kafka lists a topic's partitions in the order of its metadata image's hash map
            Map.entry("Metadata.partitions", "partitionIndex"),
            // all topics (an empty or null list): in the order of Kafka's metadata image
            Map.entry("Metadata.topics", "name"),
            // Kafka answers group by group in the order of the coordinator shards (__consumer_offsets partitions)
            Map.entry("DescribeGroups.groups", "groupId"),
            Map.entry("DeleteGroups.results", "groupId"),
            Map.entry("ListGroups.groups", "groupId"),
            // Kafka lists a resource's configs from a hash map (CreateTopics answers in name order, and so does Skiff)
            Map.entry("DescribeConfigs.configs", "name"),
            // Kafka lists config resources of a type from its metadata image's hash maps (groups in no stable order)
            Map.entry("ListConfigResources.configResources", "resourceName"),
            // Kafka answers a Produce or ListOffsets partition by partition from a hash map of the request's partitions
            Map.entry("Produce.partitionResponses", "index"),
            Map.entry("ListOffsets.partitions", "partitionIndex"),
            // Kafka answers quota entities (and an entity's values) from hash maps of its metadata image and request
            Map.entry("AlterClientQuotas.entries", "entity"),
            Map.entry("DescribeClientQuotas.entries", "entity"),
            Map.entry("DescribeClientQuotas.values", "key"),
            // Kafka lists supported and finalized features from hash maps (of different capacities)
            Map.entry("ApiVersions.supportedFeatures", "name"),
            Map.entry("ApiVersions.finalizedFeatures", "name"),
            // Kafka builds a streams member's endpoint partitions from hash maps of topics
            Map.entry("StreamsGroupHeartbeat.activePartitions", "topic"),
            Map.entry("StreamsGroupHeartbeat.standbyPartitions", "topic"));

    private AllowList() {}

    static Optional<Allowance> find(ApiKeys api, String caseName, TreeDiff.Difference d) {
        return ENTRIES.stream().filter(a -> a.covers(api, caseName, d)).findFirst();
    }

    /**
     * Removes from a broker's lists of topics (Metadata, DescribeTopicPartitions) the internal topics (Kafka creates
     * them on the first FindCoordinator, Skiff on its first write to them), and from its lists of topics and of
     * groups (ListGroups) those other test classes created on the shared real Kafka: every name that is not the
     * corpus's ({@code ownNames}); the same topics from ElectLeaders for all partitions and from
     * ListConfigResources (topics and groups), and Kafka's broker loggers from the latter.
     */
    @SuppressWarnings("unchecked")
    static Object dropForeignEntries(ApiKeys api, Object tree, Predicate<String> ownNames) {
        if (!(tree instanceof Map<?, ?> m)) {
            return tree;
        }
        if (api == ApiKeys.METADATA || api == ApiKeys.DESCRIBE_TOPIC_PARTITIONS) {
            Object topics = m.get("topics");
            if (topics instanceof List<?> list && list.size() > 1) {
                ((List<Object>) list).removeIf(t -> t instanceof Map<?, ?> tm && isForeign(tm.get("name"), ownNames));
            }
        }
        if (api == ApiKeys.LIST_GROUPS && m.get("groups") instanceof List<?> groups) {
            ((List<Object>) groups).removeIf(g -> g instanceof Map<?, ?> gm && isForeign(gm.get("groupId"), ownNames));
        }
        if (api == ApiKeys.ELECT_LEADERS && m.get("replicaElectionResults") instanceof List<?> results) {
            ((List<Object>) results).removeIf(r -> r instanceof Map<?, ?> rm && isForeign(rm.get("topic"), ownNames));
        }
        if (api == ApiKeys.LIST_CONFIG_RESOURCES && m.get("configResources") instanceof List<?> resources) {
            ((List<Object>) resources).removeIf(r -> r instanceof Map<?, ?> rm && isForeignResource(rm, ownNames));
        }
        return tree;
    }

    /**
     * A topic resource named as in {@link #isForeign}, or a broker logger: Kafka lists its broker's loggers, whose
     * configs Skiff does not have (DescribeConfigs refuses BROKER_LOGGER, as the README says).
     */
    private static boolean isForeignResource(Map<?, ?> resource, Predicate<String> ownNames) {
        Object type = resource.get("resourceType");
        return (type instanceof Number n && n.intValue() == BROKER_LOGGER)
                || (type instanceof Number t
                        && (t.intValue() == TOPIC || t.intValue() == GROUP)
                        && isForeign(resource.get("resourceName"), ownNames));
    }

    private static final int TOPIC = 2;
    private static final int GROUP = 32;
    private static final int BROKER_LOGGER = 8;

    private static boolean isForeign(Object name, Predicate<String> ownNames) {
        return KAFKA_ONLY_TOPICS.contains(name) || (name instanceof String s && !s.isEmpty() && !ownNames.test(s));
    }
}
