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
package io.skiff.config;

import static io.skiff.config.BrokerSynonym.same;
import static io.skiff.config.ConfigType.BOOLEAN;
import static io.skiff.config.ConfigType.INT;
import static io.skiff.config.ConfigType.LIST;
import static io.skiff.config.ConfigType.LONG;
import static io.skiff.config.ConfigType.STRING;
import static io.skiff.config.Support.ACCEPTED;
import static io.skiff.config.Support.APPLIED;
import static io.skiff.config.Validator.atLeast;
import static io.skiff.config.Validator.oneOf;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.Set;

/**
 * Every group-level key Kafka 4.4 defines (config resource type GROUP, set with {@code kafka-configs
 * --entity-type groups}), with its validator and the broker key that supplies its default. The {@code consumer.*}
 * keys change how Skiff's consumer group coordinator treats the group, the {@code share.*} keys how its share groups
 * behave (their defaults and bounds are the broker's {@code group.share.*} keys); the {@code streams.*} keys are
 * accepted, validated and described as Kafka does, and the ones marked applied change how Skiff's streams group
 * coordinator treats the group. The {@code group.streams.*} counterparts are not Skiff keys: their Kafka defaults
 * are the defaults and bounds here ({@link GroupConfig}).
 *
 * <p>Thread-safety: the table is immutable.
 */
public final class GroupConfigKeys {
    private GroupConfigKeys() {}

    public static final String CONSUMER_SESSION_TIMEOUT_MS = "consumer.session.timeout.ms";
    public static final String CONSUMER_HEARTBEAT_INTERVAL_MS = "consumer.heartbeat.interval.ms";
    public static final String STREAMS_ASSIGNOR_NAME = "streams.assignor.name";

    // the typed handles of the share.* keys the share group coordinator reads (GroupConfig.get)
    public static final Key<Integer> SHARE_SESSION_TIMEOUT_MS = new Key<>("share.session.timeout.ms", INT);
    public static final Key<Integer> SHARE_HEARTBEAT_INTERVAL_MS = new Key<>("share.heartbeat.interval.ms", INT);
    public static final Key<Integer> SHARE_RECORD_LOCK_DURATION_MS = new Key<>("share.record.lock.duration.ms", INT);
    public static final Key<Integer> SHARE_DELIVERY_COUNT_LIMIT = new Key<>("share.delivery.count.limit", INT);
    public static final Key<Integer> SHARE_PARTITION_MAX_RECORD_LOCKS =
            new Key<>("share.partition.max.record.locks", INT);
    public static final Key<Integer> SHARE_ASSIGNMENT_INTERVAL_MS = new Key<>("share.assignment.interval.ms", INT);
    public static final Key<String> SHARE_AUTO_OFFSET_RESET = new Key<>("share.auto.offset.reset", STRING);
    public static final Key<String> SHARE_ISOLATION_LEVEL = new Key<>("share.isolation.level", STRING);

    /** share.auto.offset.reset: earliest, latest, or by_duration:&lt;a non-negative ISO-8601 duration&gt;. */
    static final Validator SHARE_OFFSET_RESET = Validator.of(
            value -> isShareOffsetReset(value.toString()),
            "earliest, latest or by_duration:<non-negative ISO-8601 duration, PnDTnHnMn.nS>");

    /** The group key table. */
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
                    "consumer.assignment.interval.ms",
                    INT,
                    "1000",
                    atLeast(0),
                    ACCEPTED,
                    "How often Kafka's coordinator recomputes the group's assignment (Skiff assigns at every change)."
                            + " Between 0 and 15000.")
            .topic(
                    SHARE_SESSION_TIMEOUT_MS.name(),
                    INT,
                    "45000",
                    atLeast(1),
                    APPLIED,
                    "This share group's session timeout: a member not heard from for this long is removed. Between"
                            + " group.share.min.session.timeout.ms and group.share.max.session.timeout.ms.",
                    same("group.share.session.timeout.ms"))
            .topic(
                    SHARE_HEARTBEAT_INTERVAL_MS.name(),
                    INT,
                    "5000",
                    atLeast(1),
                    APPLIED,
                    "The heartbeat interval this share group's members are told to use. Between"
                            + " group.share.min.heartbeat.interval.ms and group.share.max.heartbeat.interval.ms.",
                    same("group.share.heartbeat.interval.ms"))
            .topic(
                    SHARE_RECORD_LOCK_DURATION_MS.name(),
                    INT,
                    "30000",
                    atLeast(1000),
                    APPLIED,
                    "How long a member of this share group holds a record it acquired. Between"
                            + " group.share.min.record.lock.duration.ms and group.share.max.record.lock.duration.ms.",
                    same("group.share.record.lock.duration.ms"))
            .topic(
                    SHARE_DELIVERY_COUNT_LIMIT.name(),
                    INT,
                    "5",
                    atLeast(2),
                    APPLIED,
                    "Deliveries of a record to this share group after which a release or lock expiry archives it."
                            + " Between group.share.min.delivery.count.limit and group.share.max.delivery.count.limit.",
                    same("group.share.delivery.count.limit"))
            .topic(
                    SHARE_PARTITION_MAX_RECORD_LOCKS.name(),
                    INT,
                    "2000",
                    atLeast(100),
                    APPLIED,
                    "Most records in flight per share-partition of this group. Between"
                            + " group.share.min.partition.max.record.locks and group.share.max.partition.max.record.locks.",
                    same("group.share.partition.max.record.locks"))
            .topic(
                    SHARE_ASSIGNMENT_INTERVAL_MS.name(),
                    INT,
                    "1000",
                    atLeast(0),
                    ACCEPTED,
                    "How often Kafka recomputes this share group's assignment (Skiff assigns at every change). Between"
                            + " group.share.min.assignment.interval.ms and group.share.max.assignment.interval.ms.",
                    same("group.share.assignment.interval.ms"))
            .topic(
                    SHARE_AUTO_OFFSET_RESET.name(),
                    STRING,
                    "latest",
                    SHARE_OFFSET_RESET,
                    APPLIED,
                    "Where this share group starts reading a partition it has no state for: earliest, latest or"
                            + " by_duration:<duration> before now.")
            .topic(
                    SHARE_ISOLATION_LEVEL.name(),
                    STRING,
                    "read_uncommitted",
                    oneOf("read_committed", "read_uncommitted"),
                    APPLIED,
                    "Whether this share group delivers records of aborted transactions (read_uncommitted) or stops at"
                            + " the last stable offset and skips them (read_committed).")
            .topic(
                    "share.renew.acknowledge.enable",
                    BOOLEAN,
                    "true",
                    null,
                    ACCEPTED,
                    "Whether this share group's members may renew their acquisition locks (Skiff always lets them).")
            .topic(
                    "streams.session.timeout.ms",
                    INT,
                    "45000",
                    atLeast(1),
                    APPLIED,
                    "How long a streams group member may go without a heartbeat before it is removed; read at each"
                            + " heartbeat. Between 45000 and 60000.")
            .topic(
                    "streams.heartbeat.interval.ms",
                    INT,
                    "5000",
                    atLeast(1),
                    APPLIED,
                    "The heartbeat interval a streams group's members are told (without it, Skiff's 500 ms). Between"
                            + " 5000 and 15000.")
            .topic(
                    "streams.num.standby.replicas",
                    INT,
                    "0",
                    atLeast(0),
                    APPLIED,
                    "Standby replicas of each stateful task of a streams group, each on another process; a change"
                            + " takes effect at the next assignment. At most 2.")
            .topic(
                    "streams.assignment.interval.ms",
                    INT,
                    "1000",
                    atLeast(0),
                    ACCEPTED,
                    "The least time between two assignments of a streams group (Skiff assigns at once, as with 0)."
                            + " Between 0 and 15000.")
            .topic(
                    STREAMS_ASSIGNOR_NAME,
                    STRING,
                    "sticky",
                    null,
                    ACCEPTED,
                    "The task assignor of a streams group: Kafka's only one, sticky, which Skiff's assignor"
                            + " follows.")
            .topic(
                    "streams.initial.rebalance.delay.ms",
                    INT,
                    "3000",
                    atLeast(0),
                    ACCEPTED,
                    "How long a new streams group waits for members before its first assignment (Skiff assigns at"
                            + " once, as with 0).")
            .topic(
                    "streams.num.warmup.replicas",
                    INT,
                    "2",
                    atLeast(0),
                    ACCEPTED,
                    "Warm-up replicas a streams group may place at once (Kafka 4.4.0's assignment never places"
                            + " any, nor does Skiff's). At most 20.")
            .topic(
                    "streams.acceptable.recovery.lag",
                    LONG,
                    "10000",
                    atLeast(0),
                    APPLIED,
                    "The lag up to which a streams group member counts as caught up on a task; handed to the"
                            + " members in every heartbeat response.")
            .topic(
                    "streams.rack.aware.assignment.tags",
                    LIST,
                    "",
                    null,
                    ACCEPTED,
                    "Client tags a streams group's rack-aware assignment spreads standbys over (Skiff places"
                            + " standbys by process only).")
            .topic(
                    "errors.deadletterqueue.topic.name",
                    STRING,
                    "",
                    null,
                    ACCEPTED,
                    "The topic a share group writes records it gives up on (Skiff archives them without writing them"
                            + " anywhere).")
            .topic(
                    "errors.deadletterqueue.copy.record.enable",
                    BOOLEAN,
                    "false",
                    null,
                    ACCEPTED,
                    "Whether a share group's dead-letter records carry the original record (Skiff writes no"
                            + " dead-letter records).")
            .build();

    /**
     * Keys Kafka 4.4 defines as internal: accepted and validated, but described only when the group sets them.
     */
    static final Set<String> KAFKA_INTERNAL_KEYS =
            Set.of("streams.num.warmup.replicas", "streams.acceptable.recovery.lag");

    /**
     * The broker key Kafka 4.4 names as the synonym of a group key's default (DescribeConfigs); a key not listed has
     * none, and Kafka names the group key itself. Only the consumer keys' broker keys are Skiff keys.
     */
    static final Map<String, String> KAFKA_DEFAULT_KEYS = Map.ofEntries(
            Map.entry(CONSUMER_SESSION_TIMEOUT_MS, "group.consumer.session.timeout.ms"),
            Map.entry(CONSUMER_HEARTBEAT_INTERVAL_MS, "group.consumer.heartbeat.interval.ms"),
            Map.entry("consumer.assignment.interval.ms", "group.consumer.assignment.interval.ms"),
            Map.entry("share.session.timeout.ms", "group.share.session.timeout.ms"),
            Map.entry("share.heartbeat.interval.ms", "group.share.heartbeat.interval.ms"),
            Map.entry("share.record.lock.duration.ms", "group.share.record.lock.duration.ms"),
            Map.entry("share.delivery.count.limit", "group.share.delivery.count.limit"),
            Map.entry("share.partition.max.record.locks", "group.share.partition.max.record.locks"),
            Map.entry("share.assignment.interval.ms", "group.share.assignment.interval.ms"),
            Map.entry("streams.session.timeout.ms", "group.streams.session.timeout.ms"),
            Map.entry("streams.heartbeat.interval.ms", "group.streams.heartbeat.interval.ms"),
            Map.entry("streams.num.standby.replicas", "group.streams.num.standby.replicas"),
            Map.entry("streams.assignment.interval.ms", "group.streams.assignment.interval.ms"),
            Map.entry(STREAMS_ASSIGNOR_NAME, "group.streams.assignors"),
            Map.entry("streams.initial.rebalance.delay.ms", "group.streams.initial.rebalance.delay.ms"),
            Map.entry("streams.rack.aware.assignment.tags", "group.streams.rack.aware.assignment.tags"),
            Map.entry("streams.num.warmup.replicas", "group.streams.num.warmup.replicas"),
            Map.entry("streams.acceptable.recovery.lag", "group.streams.acceptable.recovery.lag"));

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
