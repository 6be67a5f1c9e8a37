package io.skiff.config;

import static io.skiff.config.BrokerSynonym.same;
import static io.skiff.config.ConfigType.INT;
import static io.skiff.config.ConfigType.STRING;
import static io.skiff.config.Support.ACCEPTED;
import static io.skiff.config.Support.APPLIED;
import static io.skiff.config.Validator.atLeast;
import static io.skiff.config.Validator.oneOf;

import java.time.Duration;
import java.time.format.DateTimeParseException;

/**
 * Every group-level key Kafka 4.1 defines (config resource type GROUP, set with {@code kafka-configs
 * --entity-type groups}), with its validator and the broker key that supplies its default. The {@code consumer.*}
 * keys change how Skiff's consumer group coordinator treats the group; the {@code share.*} and {@code streams.*}
 * keys are accepted, validated and described as Kafka does, but Skiff has no share or streams groups. Their broker
 * counterparts ({@code group.share.*}, {@code group.streams.*}) are not Skiff keys: their Kafka defaults are the
 * defaults and bounds here ({@link GroupConfig}).
 *
 * <p>Thread-safety: the table is immutable.
 */
public final class GroupConfigKeys {
    private GroupConfigKeys() {}

    public static final String CONSUMER_SESSION_TIMEOUT_MS = "consumer.session.timeout.ms";
    public static final String CONSUMER_HEARTBEAT_INTERVAL_MS = "consumer.heartbeat.interval.ms";
    public static final String SHARE_AUTO_OFFSET_RESET = "share.auto.offset.reset";

    /** share.auto.offset.reset: earliest, latest, or by_duration:&lt;a non-negative ISO-8601 duration&gt;. */
    static final Validator SHARE_OFFSET_RESET = Validator.of(
            value -> isShareOffsetReset(value.toString()),
            "earliest, latest or by_duration:<non-negative ISO-8601 duration, PnDTnHnMn.nS>");

    /** The group key table, in Kafka's definition order. */
    public static final ConfigKeyTable TABLE = ConfigKeyTable.builder()
            .topic(
                    CONSUMER_SESSION_TIMEOUT_MS,
                    INT,
                    "45000",
                    atLeast(1),
                    APPLIED,
                    "This group's session timeout under the consumer group protocol: a member not heard from for this"
                            + " long is removed. Between group.consumer.min.session.timeout.ms and"
                            + " group.consumer.max.session.timeout.ms, and above the group's heartbeat interval.",
                    same("group.consumer.session.timeout.ms"))
            .topic(
                    CONSUMER_HEARTBEAT_INTERVAL_MS,
                    INT,
                    "500",
                    atLeast(1),
                    APPLIED,
                    "The heartbeat interval this group's consumer-protocol members are told to use (each member from"
                            + " its next heartbeat). Between group.consumer.min.heartbeat.interval.ms and"
                            + " group.consumer.max.heartbeat.interval.ms.",
                    same("group.consumer.heartbeat.interval.ms"))
            .topic(
                    "share.session.timeout.ms",
                    INT,
                    "45000",
                    atLeast(1),
                    ACCEPTED,
                    "Share groups' session timeout (Skiff has no share groups). Between 45000 and 60000, Kafka's"
                            + " group.share.min/max.session.timeout.ms.")
            .topic(
                    "share.heartbeat.interval.ms",
                    INT,
                    "5000",
                    atLeast(1),
                    ACCEPTED,
                    "Share groups' heartbeat interval (Skiff has no share groups). Between 5000 and 15000.")
            .topic(
                    "share.record.lock.duration.ms",
                    INT,
                    "30000",
                    atLeast(1000),
                    ACCEPTED,
                    "How long a share group member holds the records it acquired (Skiff has no share groups)."
                            + " Between 15000 and 60000.")
            .topic(
                    SHARE_AUTO_OFFSET_RESET,
                    STRING,
                    "latest",
                    SHARE_OFFSET_RESET,
                    ACCEPTED,
                    "Where a share group starts reading a partition (Skiff has no share groups): earliest, latest or"
                            + " by_duration:<duration> before now.")
            .topic(
                    "share.isolation.level",
                    STRING,
                    "read_uncommitted",
                    oneOf("read_committed", "read_uncommitted"),
                    ACCEPTED,
                    "Whether a share group delivers records of aborted transactions (Skiff has no share groups).")
            .topic(
                    "streams.session.timeout.ms",
                    INT,
                    "45000",
                    atLeast(1),
                    ACCEPTED,
                    "Streams groups' session timeout (Skiff has no streams groups). Between 45000 and 60000.")
            .topic(
                    "streams.heartbeat.interval.ms",
                    INT,
                    "5000",
                    atLeast(1),
                    ACCEPTED,
                    "Streams groups' heartbeat interval (Skiff has no streams groups). Between 5000 and 15000.")
            .topic(
                    "streams.num.standby.replicas",
                    INT,
                    "0",
                    atLeast(0),
                    ACCEPTED,
                    "Standby replicas per task of a streams group (Skiff has no streams groups). At most 2.")
            .build();

    private static boolean isShareOffsetReset(String value) {
        if (value.equals("earliest") || value.equals("latest")) {
            return true;
        }
        if (!value.startsWith("by_duration:")) {
            return false;
        }
        try {
            return !Duration.parse(value.substring("by_duration:".length())).isNegative();
        } catch (DateTimeParseException e) {
            return false;
        }
    }
}
