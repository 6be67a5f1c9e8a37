package io.skiff.compat.differential;

import io.skiff.protocol.message.ApiKeys;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
                    ApiKeys.METADATA,
                    Pattern.compile("internal topic by name"),
                    Pattern.compile("topics\\[]\\.(errorCode|partitions|topicId)"),
                    "Skiff keeps group offsets and transaction state in its own logs, not in __consumer_offsets and"
                            + " __transaction_state topics clients can see: Kafka describes the topic, Skiff answers"
                            + " UNKNOWN_TOPIC_OR_PARTITION. Lists of all topics are compared without those two"
                            + " (dropKafkaOnlyTopics)"),
            new Allowance(
                    ApiKeys.INCREMENTAL_ALTER_CONFIGS,
                    Pattern.compile("broker config.*"),
                    Pattern.compile("responses\\[]\\.errorMessage"),
                    "Skiff has no dynamic broker configuration (README): it refuses every broker key with"
                            + " INVALID_CONFIG saying so, where Kafka validates the value first"));

    /**
     * Lists whose order Kafka leaves to its internal maps, so that no client relies on it: API name + "." + list
     * field → the field the normalizer sorts their elements by (numbers by value, names alphabetically).
     */
    static final Map<String, String> UNORDERED = Map.of(
            // Kafka lists a topic's partitions in the order of its metadata image's hash map
            "Metadata.partitions", "partitionIndex",
            // all topics (an empty or null list): in the order of Kafka's metadata image
            "Metadata.topics", "name",
            // Kafka answers group by group in the order of the coordinator shards (__consumer_offsets partitions)
            "DescribeGroups.groups", "groupId",
            "DeleteGroups.results", "groupId");

    private AllowList() {}

    static Optional<Allowance> find(ApiKeys api, String caseName, TreeDiff.Difference d) {
        return ENTRIES.stream().filter(a -> a.covers(api, caseName, d)).findFirst();
    }

    /**
     * Removes from Kafka's lists of topics (Metadata, DescribeTopicPartitions) its internal topics and the topics
     * other test classes created on the shared real Kafka (every topic of this corpus is named {@code hw…}).
     */
    @SuppressWarnings("unchecked")
    static Object dropKafkaOnlyTopics(ApiKeys api, Object kafkaTree) {
        if ((api == ApiKeys.METADATA || api == ApiKeys.DESCRIBE_TOPIC_PARTITIONS) && kafkaTree instanceof Map<?, ?> m) {
            Object topics = m.get("topics");
            if (topics instanceof List<?> list && list.size() > 1) {
                ((List<Object>) list).removeIf(t -> t instanceof Map<?, ?> tm && isKafkaOnly(tm.get("name")));
            }
        }
        return kafkaTree;
    }

    private static boolean isKafkaOnly(Object name) {
        return KAFKA_ONLY_TOPICS.contains(name) || (name instanceof String s && !s.isEmpty() && !s.startsWith("hw"));
    }
}
