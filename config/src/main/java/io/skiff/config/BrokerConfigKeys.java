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

import static io.skiff.config.ConfigType.BOOLEAN;
import static io.skiff.config.ConfigType.DOUBLE;
import static io.skiff.config.ConfigType.INT;
import static io.skiff.config.ConfigType.LIST;
import static io.skiff.config.ConfigType.LONG;
import static io.skiff.config.ConfigType.PASSWORD;
import static io.skiff.config.ConfigType.SHORT;
import static io.skiff.config.ConfigType.STRING;
import static io.skiff.config.Validator.atLeast;
import static io.skiff.config.Validator.between;
import static io.skiff.config.Validator.betweenDouble;
import static io.skiff.config.Validator.betweenOr;
import static io.skiff.config.Validator.nonEmptyListOf;
import static io.skiff.config.Validator.oneOf;
import static io.skiff.config.Validator.oneOfIgnoreCase;

/**
 * Every broker-level key Skiff knows: Kafka's names, types and defaults (Kafka 4.1), except where
 * a developer default is chosen on purpose ({@link ConfigKey#kafkaDefault()} records Kafka's).
 * KRaft and cluster keys from a copied server.properties are accepted and have no effect.
 *
 * <p>Thread-safety: the table is immutable.
 */
public final class BrokerConfigKeys {
    private BrokerConfigKeys() {}

    static final String MAX_LONG = Long.toString(Long.MAX_VALUE);
    static final String MAX_INT = Integer.toString(Integer.MAX_VALUE);

    /** The Kafka release lines {@code skiff.emulate.kafka.version} can emulate. */
    public static final String[] EMULATED_KAFKA_VERSIONS = {
        "2.8", "3.0", "3.1", "3.2", "3.3", "3.4", "3.5", "3.6", "3.7", "3.8", "3.9", "4.0", "4.1", "4.2", "4.3", "4.4"
    };

    /** {@code http://host:port} with a port of 0..65535. */
    private static final Validator CONTROL_LISTENER = new Validator() {
        @Override
        public boolean accepts(Object value) {
            return ControlListener.parse((String) value) != null;
        }

        @Override
        public String allowed() {
            return "http://host:port, e.g. http://127.0.0.1:9644";
        }
    };

    /** {@code http://host:port}, or empty for none (turns off the console that {@code java -jar} starts). */
    private static final Validator CONSOLE_LISTENER = new Validator() {
        @Override
        public boolean accepts(Object value) {
            return ((String) value).isBlank() || ControlListener.parse((String) value) != null;
        }

        @Override
        public String allowed() {
            return "http://host:port, e.g. http://127.0.0.1:9080, or empty for no console";
        }
    };

    /** The broker key table. */
    public static final ConfigKeyTable TABLE = ConfigKeyTable.builder()
            // --- network
            .appliedDev(
                    "listeners",
                    STRING,
                    "PLAINTEXT://127.0.0.1:9092",
                    "PLAINTEXT://:9092",
                    Validator.described("listener URIs NAME://host:port"),
                    "Comma-separated listener URIs NAME://host:port to accept client connections on. Port 0 picks a free "
                            + "port. An empty host binds every interface. Listeners named in controller.listener.names "
                            + "are not opened. Security protocols come from listener.security.protocol.map.")
            .applied(
                    "advertised.listeners",
                    STRING,
                    null,
                    Validator.described("listener URIs NAME://host:port"),
                    "Listener URIs given to clients in Metadata responses, when they differ from listeners "
                            + "(containers, NAT). Defaults to listeners; port 0 is replaced by the bound port.")
            .applied(
                    "listener.security.protocol.map",
                    STRING,
                    "PLAINTEXT:PLAINTEXT,SSL:SSL,SASL_PLAINTEXT:SASL_PLAINTEXT,SASL_SSL:SASL_SSL",
                    Validator.described("NAME:PROTOCOL pairs"),
                    "Maps listener names to security protocols (NAME:PROTOCOL,...): PLAINTEXT, SSL, SASL_PLAINTEXT, "
                            + "SASL_SSL.")
            .applied(
                    "controller.listener.names",
                    STRING,
                    null,
                    Validator.described("comma-separated listener names"),
                    "KRaft controller listener names. Skiff has no controller: these listeners are not opened.")
            .applied(
                    "socket.request.max.bytes",
                    INT,
                    "104857600",
                    atLeast(1),
                    "Largest request frame accepted; a bigger frame closes the connection.")
            .applied(
                    "connections.max.idle.ms",
                    LONG,
                    "600000",
                    null,
                    "Connections idle for longer than this are closed.")
            .applied("num.network.threads", INT, "3", atLeast(1), "Number of network (event loop) threads.")
            .accepted("num.io.threads", INT, "8", atLeast(1), "Kafka's request handler pool size.")
            .accepted("socket.send.buffer.bytes", INT, "102400", null, "SO_SNDBUF of server sockets; -1 = OS default.")
            .accepted(
                    "socket.receive.buffer.bytes", INT, "102400", null, "SO_RCVBUF of server sockets; -1 = OS default.")
            .accepted("socket.listen.backlog.size", INT, "50", atLeast(1), "Pending connection backlog.")
            .accepted("queued.max.requests", INT, "500", atLeast(1), "Kafka's request queue size.")
            .applied(
                    "max.connections",
                    INT,
                    MAX_INT,
                    atLeast(0),
                    "Client connections in all; one more waits unread until a connection closes (as in Kafka's"
                            + " listen backlog).")
            .applied(
                    "max.connections.per.ip",
                    INT,
                    MAX_INT,
                    atLeast(0),
                    "Connections from one address; one more is closed as soon as it is accepted.")
            .applied(
                    "queued.max.request.bytes",
                    LONG,
                    "-1",
                    null,
                    "Bytes of requests read and not yet answered, all connections together; at the limit"
                            + " connections stop reading until requests are answered. -1: no bound.")
            // --- security (each may be given per listener as listener.name.<listener>.<key>)
            .applied(
                    "ssl.keystore.type",
                    STRING,
                    "JKS",
                    null,
                    "Format of the key store: JKS, PKCS12 or PEM. With an SSL or SASL_SSL listener and no key store "
                            + "configured, Skiff generates a development CA and certificate in the data directory.")
            .applied("ssl.keystore.location", STRING, null, null, "Key store file of TLS listeners.")
            .applied("ssl.keystore.password", PASSWORD, null, null, "Password of the key store file.")
            .applied("ssl.key.password", PASSWORD, null, null, "Password of the private key (key store or PEM key).")
            .applied(
                    "ssl.keystore.certificate.chain",
                    PASSWORD,
                    null,
                    null,
                    "Certificate chain in PEM, inline (ssl.keystore.type=PEM).")
            .applied(
                    "ssl.keystore.key",
                    PASSWORD,
                    null,
                    null,
                    "Private key in PEM (PKCS#8), inline (ssl.keystore.type=PEM).")
            .applied("ssl.truststore.type", STRING, "JKS", null, "Format of the trust store: JKS, PKCS12 or PEM.")
            .applied("ssl.truststore.location", STRING, null, null, "Trust store file (client certificates' CAs).")
            .applied("ssl.truststore.password", PASSWORD, null, null, "Password of the trust store file.")
            .applied(
                    "ssl.truststore.certificates",
                    PASSWORD,
                    null,
                    null,
                    "Trusted certificates in PEM, inline (ssl.truststore.type=PEM).")
            .applied(
                    "ssl.client.auth",
                    STRING,
                    "none",
                    oneOf("required", "requested", "none"),
                    "Whether TLS listeners ask clients for a certificate: required, requested or none.")
            .applied(
                    "ssl.principal.mapping.rules",
                    STRING,
                    "DEFAULT",
                    null,
                    "Rules mapping a client certificate's distinguished name to a user name "
                            + "(RULE:pattern/replacement/[LU], ..., DEFAULT).")
            .applied("ssl.enabled.protocols", LIST, "TLSv1.2,TLSv1.3", null, "TLS protocol versions enabled.")
            .applied("ssl.cipher.suites", LIST, "", null, "Cipher suites enabled; empty = the JDK's defaults.")
            .accepted("ssl.protocol", STRING, "TLSv1.3", null, "SSLContext protocol.")
            .accepted("ssl.keymanager.algorithm", STRING, "SunX509", null, "Key manager factory algorithm.")
            .accepted("ssl.trustmanager.algorithm", STRING, "PKIX", null, "Trust manager factory algorithm.")
            .accepted(
                    "ssl.endpoint.identification.algorithm",
                    STRING,
                    "https",
                    null,
                    "Host name verification of the peer (used by clients; a single broker has no peers).")
            .applied(
                    "sasl.enabled.mechanisms",
                    LIST,
                    "GSSAPI",
                    null,
                    "SASL mechanisms served on SASL listeners: PLAIN, SCRAM-SHA-256, SCRAM-SHA-512, OAUTHBEARER.")
            .applied(
                    "sasl.jaas.config",
                    PASSWORD,
                    null,
                    null,
                    "JAAS login configuration; usually given per listener and mechanism as "
                            + "listener.name.<listener>.<mechanism>.sasl.jaas.config. PLAIN users are its user_<name> "
                            + "options.")
            .accepted("sasl.mechanism.inter.broker.protocol", STRING, "GSSAPI", null, "Inter-broker SASL mechanism.")
            .applied(
                    "connections.max.reauth.ms",
                    LONG,
                    "0",
                    atLeast(0),
                    "Lifetime of a SASL session; clients re-authenticate before it ends (KIP-368). 0 = no limit.")
            .applied(
                    "authorizer.class.name",
                    STRING,
                    "",
                    null,
                    "ACL authorizer; org.apache.kafka.metadata.authorizer.StandardAuthorizer enables ACLs. Empty: "
                            + "every request is allowed.")
            .applied("super.users", STRING, null, null, "Principals allowed everything, separated by ';'.")
            .applied(
                    "allow.everyone.if.no.acl.found",
                    BOOLEAN,
                    "false",
                    null,
                    "Whether a resource without any matching ACL is open to everyone.")
            // --- identity and KRaft
            .appliedDev(
                    "node.id",
                    INT,
                    "1",
                    "none (required in KRaft)",
                    atLeast(0),
                    "This node's id, reported in Metadata. When unset, broker.id is used if set.")
            .applied("broker.id", INT, "-1", null, "Legacy name of node.id (used when node.id is not set).")
            .applied(
                    "cluster.id",
                    STRING,
                    null,
                    Validator.nonBlank(),
                    "Skiff-only: the cluster id reported to clients (Kafka keeps it in meta.properties). The "
                            + "Docker image's variable CLUSTER_ID sets it too. When unset the broker generates one.")
            .accepted(
                    "process.roles",
                    LIST,
                    null,
                    nonEmptyListOf("broker", "controller"),
                    "KRaft roles. Skiff is always a single combined node.")
            .accepted("controller.quorum.voters", LIST, "", null, "KRaft voter set (id@host:port,...).")
            .accepted("controller.quorum.bootstrap.servers", LIST, "", null, "KRaft quorum bootstrap endpoints.")
            .accepted("inter.broker.listener.name", STRING, null, null, "Listener for broker-to-broker traffic.")
            .accepted(
                    "security.inter.broker.protocol",
                    STRING,
                    "PLAINTEXT",
                    null,
                    "Protocol for broker-to-broker traffic.")
            .accepted("metadata.log.dir", STRING, null, null, "KRaft metadata log directory.")
            .accepted("num.replica.fetchers", INT, "1", null, "Replication fetcher threads.")
            .accepted("replica.lag.time.max.ms", LONG, "30000", null, "Follower lag before leaving the ISR.")
            .accepted("auto.leader.rebalance.enable", BOOLEAN, "true", null, "Preferred leader rebalancing.")
            .applied("broker.rack", STRING, null, null, "This node's rack, reported in Metadata and DescribeCluster.")
            .applied(
                    "replica.selector.class",
                    STRING,
                    null,
                    null,
                    "KIP-392: with org.apache.kafka.common.replica.RackAwareReplicaSelector, a consumer with "
                            + "client.rack is sent to a replica in its rack (simulated nodes).")
            .removed("zookeeper.connect", STRING, null, "ZooKeeper mode (removed in Kafka 4.0).")
            .removed("zookeeper.connection.timeout.ms", INT, null, "ZooKeeper mode (removed in Kafka 4.0).")
            .removed("zookeeper.session.timeout.ms", INT, "18000", "ZooKeeper mode (removed in Kafka 4.0).")
            // --- topics and logs
            .appliedDev(
                    "log.dirs",
                    STRING,
                    "./data",
                    "unset (log.dir = /tmp/kafka-logs)",
                    Validator.nonBlank(),
                    "Comma-separated data directories; Skiff stores partitions in the first. When unset and log.dir "
                            + "is set, log.dir is used.")
            .applied("log.dir", STRING, null, null, "Data directory used when log.dirs is not set.")
            .applied(
                    "num.partitions",
                    INT,
                    "1",
                    atLeast(1),
                    "Partitions of auto-created topics and of "
                            + "CreateTopics requests that leave the count to the broker.")
            .applied(
                    "default.replication.factor",
                    INT,
                    "1",
                    null,
                    "Replication factor reported for topics " + "created without one. A single node holds one replica.")
            .applied(
                    "auto.create.topics.enable",
                    BOOLEAN,
                    "true",
                    null,
                    "Create a topic when a client asks Metadata for, or produces to, one that does not exist.")
            .applied("delete.topic.enable", BOOLEAN, "true", null, "Allow DeleteTopics.")
            .applied(
                    "message.max.bytes",
                    INT,
                    "1048588",
                    atLeast(0),
                    "Largest record batch accepted (topic: max.message.bytes).")
            .applied(
                    "log.segment.bytes",
                    INT,
                    "1073741824",
                    atLeast(1024 * 1024),
                    "Segment file size at which a new segment starts (topic: segment.bytes).")
            .applied(
                    "log.roll.ms",
                    LONG,
                    null,
                    atLeast(1),
                    "Age at which a new segment starts (topic: segment.ms); when unset log.roll.hours applies.")
            .applied(
                    "log.roll.hours",
                    INT,
                    "168",
                    atLeast(1),
                    "Segment age limit in hours, used when log.roll.ms is unset.")
            .accepted("log.roll.jitter.ms", LONG, null, atLeast(0), "Random jitter subtracted from the roll time.")
            .accepted(
                    "log.roll.jitter.hours",
                    INT,
                    "0",
                    atLeast(0),
                    "Jitter in hours, used when log.roll.jitter.ms is unset.")
            .applied(
                    "log.retention.ms",
                    LONG,
                    null,
                    atLeast(-1),
                    "How long segments are kept (topic: retention.ms); -1 keeps them forever. When unset, "
                            + "log.retention.minutes, then log.retention.hours, applies.")
            .applied(
                    "log.retention.minutes",
                    INT,
                    null,
                    atLeast(-1),
                    "Retention in minutes, used when log.retention.ms is unset.")
            .applied(
                    "log.retention.hours",
                    INT,
                    "168",
                    atLeast(-1),
                    "Retention in hours, used when the two keys above are unset.")
            .applied(
                    "log.retention.bytes",
                    LONG,
                    "-1",
                    null,
                    "Partition size beyond which old segments are deleted (topic: retention.bytes); -1 = no limit.")
            .applied("log.retention.check.interval.ms", LONG, "300000", atLeast(1), "How often retention runs.")
            .applied(
                    "log.flush.interval.messages",
                    LONG,
                    MAX_LONG,
                    atLeast(1),
                    "fsync after this many records (topic: flush.messages). Default: never; the OS writes back.")
            .applied(
                    "log.flush.interval.ms",
                    LONG,
                    null,
                    atLeast(0),
                    "fsync when unflushed data is this old (topic: flush.ms); when unset log.flush.scheduler.interval.ms applies.")
            .applied(
                    "log.flush.scheduler.interval.ms",
                    LONG,
                    MAX_LONG,
                    atLeast(0),
                    "How often the flusher checks; default never.")
            .applied(
                    "log.message.timestamp.type",
                    STRING,
                    "CreateTime",
                    oneOf("CreateTime", "LogAppendTime"),
                    "CreateTime keeps the producer's timestamps; LogAppendTime stamps batches with the broker's clock "
                            + "(topic: message.timestamp.type).")
            .applied(
                    "log.message.timestamp.before.max.ms",
                    LONG,
                    MAX_LONG,
                    atLeast(0),
                    "Largest allowed lag of a CreateTime timestamp behind the broker clock.")
            .applied(
                    "log.message.timestamp.after.max.ms",
                    LONG,
                    "3600000",
                    atLeast(0),
                    "Largest allowed lead of a CreateTime timestamp over the broker clock.")
            .applied(
                    "log.cleanup.policy",
                    LIST,
                    "delete",
                    nonEmptyListOf("compact", "delete"),
                    "Default cleanup.policy of topics: delete (retention) and/or compact (the log cleaner).")
            .applied("log.index.interval.bytes", INT, "4096", atLeast(0), "Bytes between offset index entries.")
            .applied("log.index.size.max.bytes", INT, "10485760", atLeast(4), "Maximum offset index size per segment.")
            .accepted(
                    "log.segment.delete.delay.ms",
                    LONG,
                    "60000",
                    atLeast(0),
                    "Delay before a deleted segment's files are removed.")
            .accepted("log.preallocate", BOOLEAN, "false", null, "Preallocate segment files.")
            .applied(
                    "log.cleaner.enable",
                    BOOLEAN,
                    "true",
                    null,
                    "Run the log cleaner threads that compact topics whose cleanup.policy includes compact.")
            .applied("log.cleaner.threads", INT, "1", atLeast(0), "Log cleaner threads: logs compacted at once.")
            .applied(
                    "log.cleaner.backoff.ms",
                    LONG,
                    "15000",
                    atLeast(0),
                    "How long a cleaner thread sleeps when no log needs compaction.")
            .applied(
                    "log.cleaner.dedupe.buffer.size",
                    LONG,
                    "134217728",
                    null,
                    "Memory for the cleaners' key maps, shared by the threads (at most 2 GiB each); allocated as a "
                            + "cleaning needs it.")
            .applied(
                    "log.cleaner.io.buffer.load.factor",
                    DOUBLE,
                    "0.9",
                    null,
                    "How full a cleaner's key map may get before it cleans what it has mapped.")
            .applied(
                    "log.cleaner.io.max.bytes.per.second",
                    DOUBLE,
                    Double.toString(Double.MAX_VALUE),
                    null,
                    "Read and write I/O limit of all cleaner threads together.")
            .accepted("log.cleaner.io.buffer.size", INT, "524288", atLeast(0), "Cleaner I/O buffer size.")
            .applied(
                    "log.cleaner.delete.retention.ms",
                    LONG,
                    "86400000",
                    atLeast(0),
                    "How long compaction keeps tombstones.")
            .applied(
                    "log.cleaner.min.compaction.lag.ms",
                    LONG,
                    "0",
                    atLeast(0),
                    "Minimum age before a record is compacted.")
            .applied(
                    "log.cleaner.max.compaction.lag.ms",
                    LONG,
                    MAX_LONG,
                    atLeast(1),
                    "Maximum age before a record is compacted.")
            .applied(
                    "log.cleaner.min.cleanable.ratio",
                    DOUBLE,
                    "0.5",
                    betweenDouble(0, 1),
                    "Dirty ratio that triggers compaction.")
            .accepted("log.local.retention.ms", LONG, "-2", atLeast(-2), "Tiered storage: local retention time.")
            .accepted("log.local.retention.bytes", LONG, "-2", atLeast(-2), "Tiered storage: local retention size.")
            .accepted("remote.log.storage.system.enable", BOOLEAN, "false", null, "Tiered storage.")
            .accepted("log.remote.copy.lag.bytes", LONG, "-1", atLeast(-1), "Tiered storage: copy lag in bytes.")
            .accepted("log.remote.copy.lag.ms", LONG, "0", atLeast(-1), "Tiered storage: copy lag in time.")
            .accepted(
                    "max.decompressed.message.bytes",
                    INT,
                    "2147483639",
                    atLeast(1),
                    "Largest decompressed record batch (topic: max.decompressed.message.bytes).")
            .accepted("num.recovery.threads.per.data.dir", INT, "2", atLeast(1), "Log recovery threads.")
            .accepted("min.insync.replicas", INT, "1", atLeast(1), "Replicas that must acknowledge acks=all writes.")
            .accepted("unclean.leader.election.enable", BOOLEAN, "false", null, "Allow out-of-sync leaders.")
            .applied(
                    "compression.type",
                    STRING,
                    "producer",
                    oneOf("uncompressed", "zstd", "lz4", "snappy", "gzip", "producer"),
                    "Codec of stored batches: producer keeps each batch as sent; another codec recompresses on produce.")
            .accepted("compression.gzip.level", INT, "-1", betweenOr(1, 9, -1), "gzip level when recompressing.")
            .accepted("compression.lz4.level", INT, "9", between(1, 17), "lz4 level when recompressing.")
            .accepted("compression.zstd.level", INT, "3", between(-131072, 22), "zstd level when recompressing.")
            // --- fetch
            .applied(
                    "max.incremental.fetch.session.cache.slots",
                    INT,
                    "1000",
                    atLeast(0),
                    "Most incremental fetch sessions (KIP-227) kept at once. When full, a new session replaces one "
                            + "unused for 2 minutes or a smaller one older than that, else the full fetch gets no "
                            + "session; 0 disables sessions.")
            // --- groups and offsets
            .appliedDev(
                    "group.initial.rebalance.delay.ms",
                    INT,
                    "0",
                    "3000",
                    atLeast(0),
                    "How long the first rebalance of a new group waits for more members. 0 so that a single test "
                            + "consumer starts at once.")
            .applied(
                    "group.min.session.timeout.ms", INT, "6000", null, "Smallest session timeout a member may ask for.")
            .applied(
                    "group.max.session.timeout.ms",
                    INT,
                    "1800000",
                    null,
                    "Largest session timeout a member may ask for.")
            .applied("group.max.size", INT, MAX_INT, atLeast(1), "Largest number of members in a classic group.")
            .applied(
                    "group.coordinator.rebalance.protocols",
                    LIST,
                    "classic,consumer,streams",
                    nonEmptyListOf("classic", "consumer", "share", "streams"),
                    "Enabled group protocols. Without consumer, ConsumerGroupHeartbeat and ConsumerGroupDescribe are "
                            + "not offered.")
            .applied(
                    "group.consumer.session.timeout.ms",
                    INT,
                    "45000",
                    atLeast(1),
                    "Session timeout of the consumer group protocol: a member not heard from for this long is removed.")
            .appliedDev(
                    "group.consumer.min.session.timeout.ms",
                    INT,
                    "1000",
                    "45000",
                    atLeast(1),
                    "Smallest allowed group.consumer.session.timeout.ms. Lower than Kafka's so tests can detect a "
                            + "crashed consumer quickly.")
            .applied(
                    "group.consumer.max.session.timeout.ms",
                    INT,
                    "60000",
                    atLeast(1),
                    "Largest allowed group.consumer.session.timeout.ms.")
            .appliedDev(
                    "group.consumer.heartbeat.interval.ms",
                    INT,
                    "500",
                    "5000",
                    atLeast(1),
                    "Heartbeat interval of the consumer group protocol. Shorter than Kafka's: a member picks up "
                            + "partitions released by others at its next heartbeat, so rebalances settle sooner.")
            .appliedDev(
                    "group.consumer.min.heartbeat.interval.ms",
                    INT,
                    "100",
                    "5000",
                    atLeast(1),
                    "Smallest allowed group.consumer.heartbeat.interval.ms.")
            .applied(
                    "group.consumer.max.heartbeat.interval.ms",
                    INT,
                    "15000",
                    atLeast(1),
                    "Largest allowed group.consumer.heartbeat.interval.ms.")
            .applied(
                    "group.consumer.max.size",
                    INT,
                    MAX_INT,
                    atLeast(1),
                    "Largest number of members in a consumer group.")
            .applied(
                    "group.consumer.assignors",
                    LIST,
                    "org.apache.kafka.coordinator.group.assignor.UniformAssignor,"
                            + "org.apache.kafka.coordinator.group.assignor.RangeAssignor",
                    nonEmptyListOf(
                            "uniform",
                            "range",
                            "org.apache.kafka.coordinator.group.assignor.UniformAssignor",
                            "org.apache.kafka.coordinator.group.assignor.RangeAssignor"),
                    "Server-side assignors of the consumer group protocol; the first is the default.")
            .applied(
                    "group.share.session.timeout.ms",
                    INT,
                    "45000",
                    atLeast(1),
                    "Session timeout of share groups: a member not heard from for this long is removed and what it"
                            + " had acquired is released.")
            .applied(
                    "group.share.min.session.timeout.ms",
                    INT,
                    "45000",
                    atLeast(1),
                    "Smallest allowed group.share.session.timeout.ms, and smallest share.session.timeout.ms a group"
                            + " may set.")
            .applied(
                    "group.share.max.session.timeout.ms",
                    INT,
                    "60000",
                    atLeast(1),
                    "Largest allowed group.share.session.timeout.ms, and largest share.session.timeout.ms a group may"
                            + " set.")
            .applied(
                    "group.share.heartbeat.interval.ms",
                    INT,
                    "5000",
                    atLeast(1),
                    "Heartbeat interval given to the members of share groups.")
            .applied(
                    "group.share.min.heartbeat.interval.ms",
                    INT,
                    "5000",
                    atLeast(1),
                    "Smallest allowed group.share.heartbeat.interval.ms and share.heartbeat.interval.ms.")
            .applied(
                    "group.share.max.heartbeat.interval.ms",
                    INT,
                    "15000",
                    atLeast(1),
                    "Largest allowed group.share.heartbeat.interval.ms and share.heartbeat.interval.ms.")
            .applied(
                    "group.share.max.size",
                    INT,
                    "200",
                    between(1, 1000),
                    "Largest number of members in a share group (GROUP_MAX_SIZE_REACHED for the next one).")
            .applied(
                    "group.share.record.lock.duration.ms",
                    INT,
                    "30000",
                    between(1000, 3_600_000),
                    "How long a share group member holds a record it acquired before the record is available again.")
            .applied(
                    "group.share.min.record.lock.duration.ms",
                    INT,
                    "15000",
                    between(1000, 30_000),
                    "Smallest share.record.lock.duration.ms a group may set.")
            .applied(
                    "group.share.max.record.lock.duration.ms",
                    INT,
                    "60000",
                    between(30_000, 3_600_000),
                    "Largest share.record.lock.duration.ms a group may set.")
            .applied(
                    "group.share.delivery.count.limit",
                    INT,
                    "5",
                    between(2, 10),
                    "Deliveries of a record to a share group after which a release or lock expiry archives it.")
            .applied(
                    "group.share.min.delivery.count.limit",
                    INT,
                    "2",
                    between(2, 5),
                    "Smallest share.delivery.count.limit a group may set.")
            .applied(
                    "group.share.max.delivery.count.limit",
                    INT,
                    "10",
                    between(5, 25),
                    "Largest share.delivery.count.limit a group may set.")
            .applied(
                    "group.share.partition.max.record.locks",
                    INT,
                    "2000",
                    between(100, 10_000),
                    "Most records in flight (acquired or waiting for redelivery) per share-partition.")
            .applied(
                    "group.share.min.partition.max.record.locks",
                    INT,
                    "100",
                    between(100, 2000),
                    "Smallest share.partition.max.record.locks a group may set.")
            .applied(
                    "group.share.max.partition.max.record.locks",
                    INT,
                    "4000",
                    between(2000, 10_000),
                    "Largest share.partition.max.record.locks a group may set.")
            .applied(
                    "group.share.max.share.sessions",
                    INT,
                    "2000",
                    atLeast(1),
                    "Most share sessions the broker keeps (SHARE_SESSION_LIMIT_REACHED for the next one).")
            .accepted(
                    "group.share.assignment.interval.ms",
                    INT,
                    "1000",
                    atLeast(0),
                    "How often Kafka's coordinator recomputes a share group's assignment (Skiff assigns at every"
                            + " change).")
            .accepted(
                    "group.share.min.assignment.interval.ms",
                    INT,
                    "0",
                    atLeast(0),
                    "Smallest share.assignment.interval.ms a group may set.")
            .accepted(
                    "group.share.max.assignment.interval.ms",
                    INT,
                    "15000",
                    atLeast(0),
                    "Largest share.assignment.interval.ms a group may set.")
            .applied(
                    "group.consumer.migration.policy",
                    STRING,
                    "bidirectional",
                    oneOfIgnoreCase("disabled", "upgrade", "downgrade", "bidirectional"),
                    "Which conversions between the classic and consumer protocols a group with members may make (an"
                            + " empty group always converts): `upgrade` lets a consumer-protocol member convert a classic"
                            + " group, `downgrade` converts a consumer group back when its last consumer-protocol member"
                            + " leaves, or when a classic static member takes the place of the last consumer-protocol"
                            + " one. Classic members may join a consumer group whatever the policy, as in Kafka.")
            .applied("offsets.topic.num.partitions", INT, "50", atLeast(1), "Partitions of __consumer_offsets.")
            .acceptedDev(
                    "offsets.topic.replication.factor",
                    SHORT,
                    "1",
                    "3",
                    atLeast(1),
                    "Replication of __consumer_offsets.")
            .applied(
                    "offsets.topic.segment.bytes",
                    INT,
                    "104857600",
                    atLeast(1),
                    "Segment size of __consumer_offsets (at least 1 MiB, the smallest segment.bytes); the cleaner "
                            + "compacts closed segments.")
            .applied(
                    "offsets.retention.minutes",
                    INT,
                    "10080",
                    atLeast(1),
                    "Committed offsets of an empty group expire after this long.")
            .applied(
                    "offsets.retention.check.interval.ms",
                    LONG,
                    "600000",
                    atLeast(1),
                    "How often expired offsets are removed.")
            .applied("offset.metadata.max.bytes", INT, "4096", null, "Largest metadata string of an offset commit.")
            // --- producers and transactions
            .applied(
                    "producer.id.expiration.ms",
                    INT,
                    "86400000",
                    atLeast(1),
                    "Idle producer ids are forgotten after this long.")
            .applied(
                    "transactional.id.expiration.ms",
                    INT,
                    "604800000",
                    atLeast(1),
                    "Idle transactional ids expire after this long.")
            .applied(
                    "transaction.max.timeout.ms",
                    INT,
                    "900000",
                    atLeast(1),
                    "Largest transaction timeout a producer may ask for.")
            .acceptedDev(
                    "transaction.state.log.replication.factor",
                    SHORT,
                    "1",
                    "3",
                    atLeast(1),
                    "Replication of __transaction_state.")
            .acceptedDev(
                    "transaction.state.log.min.isr",
                    INT,
                    "1",
                    "2",
                    atLeast(1),
                    "min.insync.replicas of __transaction_state.")
            .applied(
                    "transaction.state.log.num.partitions", INT, "50", atLeast(1), "Partitions of __transaction_state.")
            .applied(
                    "transaction.state.log.segment.bytes",
                    INT,
                    "104857600",
                    atLeast(1),
                    "Segment size of __transaction_state (at least 1 MiB, the smallest segment.bytes); the cleaner "
                            + "compacts closed segments.")
            .applied(
                    "transaction.abort.timed.out.transaction.cleanup.interval.ms",
                    INT,
                    "10000",
                    atLeast(1),
                    "How often transactions open longer than their timeout are aborted.")
            .applied(
                    "transaction.remove.expired.transaction.cleanup.interval.ms",
                    INT,
                    "3600000",
                    atLeast(1),
                    "How often expired transactional ids are removed.")
            .acceptedDev(
                    "share.coordinator.state.topic.replication.factor",
                    SHORT,
                    "1",
                    "3",
                    atLeast(1),
                    "Replication of __share_group_state.")
            .acceptedDev(
                    "share.coordinator.state.topic.min.isr",
                    SHORT,
                    "1",
                    "2",
                    atLeast(1),
                    "min.insync.replicas of __share_group_state.")
            // --- Skiff's test control (not Kafka keys; not listed by DescribeConfigs)
            .applied(
                    "skiff.control.listener",
                    STRING,
                    null,
                    CONTROL_LISTENER,
                    "The test control HTTP listener (fault rules, the broker clock, storage faults, reset), e.g. "
                            + "http://127.0.0.1:9644; off when unset. Binds exactly the host given: keep it on "
                            + "loopback unless others must reach it.")
            .applied(
                    "console.listener",
                    STRING,
                    null,
                    CONSOLE_LISTENER,
                    "The web console's HTTP listener (skiff-console on the classpath), e.g. http://127.0.0.1:9080; "
                            + "off when unset or empty. java -jar sets http://127.0.0.1:9080 unless the key is given "
                            + "(and goes on without a console when that port is taken). Binds exactly the host "
                            + "given: keep it on loopback unless others must reach it.")
            .applied(
                    "skiff.simulated.nodes",
                    INT,
                    "1",
                    between(1, 64),
                    "Simulated cluster for tests: this many nodes in one process, each with its own listeners "
                            + "(ids node.id, node.id+1, ...; a listener port p becomes p+i for node i, 0 stays a free "
                            + "port), replicas, ISR and leaders; one storage, no real copies. See "
                            + "docs/simulated-nodes.md.")
            .applied(
                    "skiff.simulated.racks",
                    LIST,
                    "",
                    null,
                    "broker.rack of each simulated node in id order (e.g. a,b,c); unset: no racks, or broker.rack "
                            + "for every node.")
            .applied(
                    "skiff.emulate.kafka.version",
                    STRING,
                    null,
                    oneOf(EMULATED_KAFKA_VERSIONS),
                    "Answer as this Apache Kafka release does: its ApiVersions ranges and features; requests at "
                            + "versions it lacked are refused as it refused them. Unset: Skiff's own ranges.")
            .build();
}
