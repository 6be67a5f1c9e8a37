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

import static io.skiff.config.BrokerConfigKeys.MAX_LONG;
import static io.skiff.config.BrokerSynonym.hours;
import static io.skiff.config.BrokerSynonym.minutes;
import static io.skiff.config.BrokerSynonym.same;
import static io.skiff.config.ConfigType.BOOLEAN;
import static io.skiff.config.ConfigType.DOUBLE;
import static io.skiff.config.ConfigType.INT;
import static io.skiff.config.ConfigType.LIST;
import static io.skiff.config.ConfigType.LONG;
import static io.skiff.config.ConfigType.STRING;
import static io.skiff.config.Support.ACCEPTED;
import static io.skiff.config.Support.APPLIED;
import static io.skiff.config.Validator.atLeast;
import static io.skiff.config.Validator.between;
import static io.skiff.config.Validator.betweenDouble;
import static io.skiff.config.Validator.betweenOr;
import static io.skiff.config.Validator.nonEmptyListOf;
import static io.skiff.config.Validator.oneOf;

/**
 * Every topic-level key Kafka 4.4 defines, with its validator and the broker keys that supply
 * its default (Kafka's synonym table: e.g. {@code retention.ms} ← {@code log.retention.ms},
 * {@code log.retention.minutes}, {@code log.retention.hours}). The default column here is the
 * value when neither topic nor broker sets anything.
 *
 * <p>Thread-safety: the table is immutable.
 */
public final class TopicConfigKeys {
    private TopicConfigKeys() {}

    /** The topic key table. */
    public static final ConfigKeyTable TABLE = ConfigKeyTable.builder()
            .topic(
                    "cleanup.policy",
                    LIST,
                    "delete",
                    nonEmptyListOf("compact", "delete"),
                    APPLIED,
                    "delete: remove old segments by retention.ms / retention.bytes. compact: the log cleaner keeps the "
                            + "latest record of every key (records need keys). Both may be combined.",
                    same("log.cleanup.policy"))
            .topic(
                    "retention.ms",
                    LONG,
                    "604800000",
                    atLeast(-1),
                    APPLIED,
                    "How long a closed segment is kept before it is deleted; -1 keeps data forever.",
                    same("log.retention.ms"),
                    minutes("log.retention.minutes"),
                    hours("log.retention.hours"))
            .topic(
                    "retention.bytes",
                    LONG,
                    "-1",
                    null,
                    APPLIED,
                    "Partition size beyond which the oldest segments are deleted; -1 = no size limit.",
                    same("log.retention.bytes"))
            .topic(
                    "segment.bytes",
                    INT,
                    "1073741824",
                    atLeast(1024 * 1024),
                    APPLIED,
                    "Segment file size at which a new segment is started.",
                    same("log.segment.bytes"))
            .topic(
                    "segment.ms",
                    LONG,
                    "604800000",
                    atLeast(1),
                    APPLIED,
                    "Age at which a new segment is started even if the current one is not full.",
                    same("log.roll.ms"),
                    hours("log.roll.hours"))
            .topic(
                    "segment.jitter.ms",
                    LONG,
                    "0",
                    atLeast(0),
                    ACCEPTED,
                    "Random time subtracted from segment.ms to spread segment rolls.",
                    same("log.roll.jitter.ms"),
                    hours("log.roll.jitter.hours"))
            .topic(
                    "segment.index.bytes",
                    INT,
                    "10485760",
                    atLeast(4),
                    APPLIED,
                    "Maximum size of a segment's offset index.",
                    same("log.index.size.max.bytes"))
            .topic(
                    "index.interval.bytes",
                    INT,
                    "4096",
                    atLeast(0),
                    APPLIED,
                    "Bytes of log between two offset index entries.",
                    same("log.index.interval.bytes"))
            .topic(
                    "max.message.bytes",
                    INT,
                    "1048588",
                    atLeast(0),
                    APPLIED,
                    "Largest record batch accepted (after compression).",
                    same("message.max.bytes"))
            .topic(
                    "message.timestamp.type",
                    STRING,
                    "CreateTime",
                    oneOf("CreateTime", "LogAppendTime"),
                    APPLIED,
                    "CreateTime keeps the producer's timestamps; LogAppendTime replaces them with the broker's "
                            + "clock when the batch is appended.",
                    same("log.message.timestamp.type"))
            .topic(
                    "message.timestamp.before.max.ms",
                    LONG,
                    MAX_LONG,
                    atLeast(0),
                    APPLIED,
                    "Largest allowed lag of a CreateTime timestamp behind the broker clock.",
                    same("log.message.timestamp.before.max.ms"))
            .topic(
                    "message.timestamp.after.max.ms",
                    LONG,
                    "3600000",
                    atLeast(0),
                    APPLIED,
                    "Largest allowed lead of a CreateTime timestamp over the broker clock.",
                    same("log.message.timestamp.after.max.ms"))
            .topic(
                    "flush.messages",
                    LONG,
                    MAX_LONG,
                    atLeast(1),
                    APPLIED,
                    "fsync the log after this many records; default never (the OS writes back).",
                    same("log.flush.interval.messages"))
            .topic(
                    "flush.ms",
                    LONG,
                    MAX_LONG,
                    atLeast(0),
                    APPLIED,
                    "fsync the log when unflushed data is this old; default never.",
                    same("log.flush.interval.ms"),
                    same("log.flush.scheduler.interval.ms"))
            .topic(
                    "compression.type",
                    STRING,
                    "producer",
                    oneOf("uncompressed", "zstd", "lz4", "snappy", "gzip", "producer"),
                    APPLIED,
                    "Codec of stored batches: producer keeps each batch as sent; another codec recompresses on produce.",
                    same("compression.type"))
            .topic(
                    "compression.gzip.level",
                    INT,
                    "-1",
                    betweenOr(1, 9, -1),
                    ACCEPTED,
                    "gzip level used when recompressing.",
                    same("compression.gzip.level"))
            .topic(
                    "compression.lz4.level",
                    INT,
                    "9",
                    between(1, 17),
                    ACCEPTED,
                    "lz4 level used when recompressing.",
                    same("compression.lz4.level"))
            .topic(
                    "compression.zstd.level",
                    INT,
                    "3",
                    between(-131072, 22),
                    ACCEPTED,
                    "zstd level used when recompressing.",
                    same("compression.zstd.level"))
            .topic(
                    "min.insync.replicas",
                    INT,
                    "1",
                    atLeast(1),
                    ACCEPTED,
                    "Replicas that must acknowledge an acks=all write; a single node always has one.",
                    same("min.insync.replicas"))
            .topic(
                    "unclean.leader.election.enable",
                    BOOLEAN,
                    "false",
                    null,
                    ACCEPTED,
                    "Allow an out-of-sync replica to become leader.",
                    same("unclean.leader.election.enable"))
            .topic(
                    "delete.retention.ms",
                    LONG,
                    "86400000",
                    atLeast(0),
                    APPLIED,
                    "How long compaction keeps delete tombstones.",
                    same("log.cleaner.delete.retention.ms"))
            .topic(
                    "min.compaction.lag.ms",
                    LONG,
                    "0",
                    atLeast(0),
                    APPLIED,
                    "Minimum age of a record before compaction may remove it.",
                    same("log.cleaner.min.compaction.lag.ms"))
            .topic(
                    "max.compaction.lag.ms",
                    LONG,
                    MAX_LONG,
                    atLeast(1),
                    APPLIED,
                    "Maximum age of a record before it becomes eligible for compaction.",
                    same("log.cleaner.max.compaction.lag.ms"))
            .topic(
                    "min.cleanable.dirty.ratio",
                    DOUBLE,
                    "0.5",
                    betweenDouble(0, 1),
                    APPLIED,
                    "Share of uncompacted log that triggers compaction.",
                    same("log.cleaner.min.cleanable.ratio"))
            .topic(
                    "file.delete.delay.ms",
                    LONG,
                    "60000",
                    atLeast(0),
                    ACCEPTED,
                    "Delay before a deleted segment's files are removed.",
                    same("log.segment.delete.delay.ms"))
            .topic(
                    "preallocate",
                    BOOLEAN,
                    "false",
                    null,
                    ACCEPTED,
                    "Preallocate segment files on creation.",
                    same("log.preallocate"))
            .topic(
                    "leader.replication.throttled.replicas",
                    LIST,
                    "",
                    null,
                    ACCEPTED,
                    "Replicas throttled on the leader side (partition:broker,... or *).")
            .topic(
                    "follower.replication.throttled.replicas",
                    LIST,
                    "",
                    null,
                    ACCEPTED,
                    "Replicas throttled on the follower side (partition:broker,... or *).")
            .topic("remote.storage.enable", BOOLEAN, "false", null, ACCEPTED, "Tiered storage for this topic.")
            .topic(
                    "local.retention.ms",
                    LONG,
                    "-2",
                    atLeast(-2),
                    ACCEPTED,
                    "Tiered storage: local retention time; -2 = retention.ms.",
                    same("log.local.retention.ms"))
            .topic(
                    "local.retention.bytes",
                    LONG,
                    "-2",
                    atLeast(-2),
                    ACCEPTED,
                    "Tiered storage: local retention size; -2 = retention.bytes.",
                    same("log.local.retention.bytes"))
            .topic("remote.log.copy.disable", BOOLEAN, "false", null, ACCEPTED, "Tiered storage: stop uploading.")
            .topic(
                    "remote.log.delete.on.disable",
                    BOOLEAN,
                    "false",
                    null,
                    ACCEPTED,
                    "Tiered storage: delete remote data when tiering is disabled.")
            .topic(
                    "remote.copy.lag.bytes",
                    LONG,
                    "-1",
                    atLeast(-1),
                    ACCEPTED,
                    "Tiered storage: bytes a segment may wait locally before it is copied; -1 = no limit.",
                    same("log.remote.copy.lag.bytes"))
            .topic(
                    "remote.copy.lag.ms",
                    LONG,
                    "0",
                    atLeast(-1),
                    ACCEPTED,
                    "Tiered storage: time a segment may wait locally before it is copied.",
                    same("log.remote.copy.lag.ms"))
            .topic(
                    "max.decompressed.message.bytes",
                    INT,
                    "2147483639",
                    atLeast(1),
                    ACCEPTED,
                    "Largest decompressed size of a record batch Kafka 4.4 accepts.",
                    same("max.decompressed.message.bytes"))
            .topic(
                    "errors.deadletterqueue.group.enable",
                    BOOLEAN,
                    "false",
                    null,
                    ACCEPTED,
                    "Share groups: whether a group may use this topic as its dead-letter queue.")
            .build();
}
