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

import java.util.List;

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
    /** {@code http://host:port}, or empty for none (turns off the console that {@code java -jar} starts). */
    private static final Validator CONSOLE_LISTENER_VALUE = new Validator() {
        @Override
        public boolean accepts(Object value) {
            return ((String) value).isBlank() || ControlListener.parse((String) value) != null;
        }

        @Override
        public String allowed() {
            return "http://host:port, e.g. http://127.0.0.1:9080, or empty for no console";
        }
    };

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

    /** {@code http://host:port} or {@code https://host:port} (the schema registry's listener). */
    private static final Validator HTTP_OR_HTTPS_LISTENER = new Validator() {
        @Override
        public boolean accepts(Object value) {
            return ControlListener.parseHttpOrHttps((String) value) != null;
        }

        @Override
        public String allowed() {
            return "http://host:port or https://host:port, e.g. http://127.0.0.1:8081";
        }
    };

    private static final KeyDeclarations KEYS = new KeyDeclarations();

    // --- network
    public static final Key<List<String>> LISTENERS = KEYS.appliedDev(
            "listeners",
            LIST,
            "PLAINTEXT://127.0.0.1:9092",
            "PLAINTEXT://:9092",
            Validator.described("listener URIs NAME://host:port"),
            "Comma-separated listener URIs NAME://host:port to accept client connections on. Port 0 picks a free "
                    + "port. An empty host binds every interface. Listeners named in controller.listener.names "
                    + "are not opened. Security protocols come from listener.security.protocol.map.");
    public static final Key<List<String>> ADVERTISED_LISTENERS = KEYS.applied(
            "advertised.listeners",
            LIST,
            null,
            Validator.described("listener URIs NAME://host:port"),
            "Listener URIs given to clients in Metadata responses, when they differ from listeners "
                    + "(containers, NAT). Defaults to listeners; port 0 is replaced by the bound port.");
    public static final Key<String> LISTENER_SECURITY_PROTOCOL_MAP = KEYS.applied(
            "listener.security.protocol.map",
            STRING,
            // Kafka 4.4's default, in its order (DescribeConfigs shows it as is).
            "SASL_SSL:SASL_SSL,PLAINTEXT:PLAINTEXT,SSL:SSL,SASL_PLAINTEXT:SASL_PLAINTEXT",
            Validator.described("NAME:PROTOCOL pairs"),
            "Maps listener names to security protocols (NAME:PROTOCOL,...): PLAINTEXT, SSL, SASL_PLAINTEXT, "
                    + "SASL_SSL.");
    public static final Key<List<String>> CONTROLLER_LISTENER_NAMES = KEYS.applied(
            "controller.listener.names",
            LIST,
            null,
            Validator.described("comma-separated listener names"),
            "KRaft controller listener names. Skiff has no controller: these listeners are not opened.");
    public static final Key<Integer> SOCKET_REQUEST_MAX_BYTES = KEYS.applied(
            "socket.request.max.bytes",
            INT,
            "104857600",
            atLeast(1),
            "Largest request frame accepted; a bigger frame closes the connection.");
    public static final Key<Long> CONNECTIONS_MAX_IDLE_MS = KEYS.applied(
            "connections.max.idle.ms", LONG, "600000", null, "Connections idle for longer than this are closed.");
    public static final Key<Integer> NUM_NETWORK_THREADS =
            KEYS.applied("num.network.threads", INT, "3", atLeast(1), "Number of network (event loop) threads.");
    public static final Key<Integer> NUM_IO_THREADS =
            KEYS.accepted("num.io.threads", INT, "8", atLeast(1), "Kafka's request handler pool size.");
    public static final Key<Integer> SOCKET_SEND_BUFFER_BYTES = KEYS.accepted(
            "socket.send.buffer.bytes", INT, "102400", null, "SO_SNDBUF of server sockets; -1 = OS default.");
    public static final Key<Integer> SOCKET_RECEIVE_BUFFER_BYTES = KEYS.accepted(
            "socket.receive.buffer.bytes", INT, "102400", null, "SO_RCVBUF of server sockets; -1 = OS default.");
    public static final Key<Integer> SOCKET_LISTEN_BACKLOG_SIZE =
            KEYS.accepted("socket.listen.backlog.size", INT, "50", atLeast(1), "Pending connection backlog.");
    public static final Key<Integer> QUEUED_MAX_REQUESTS =
            KEYS.accepted("queued.max.requests", INT, "500", atLeast(1), "Kafka's request queue size.");
    public static final Key<Integer> MAX_CONNECTIONS = KEYS.applied(
            "max.connections",
            INT,
            MAX_INT,
            atLeast(0),
            "Client connections in all; one more waits unread until a connection closes (as in Kafka's"
                    + " listen backlog).");
    public static final Key<Integer> MAX_CONNECTIONS_PER_IP = KEYS.applied(
            "max.connections.per.ip",
            INT,
            MAX_INT,
            atLeast(0),
            "Connections from one address; one more is closed as soon as it is accepted.");
    public static final Key<Long> QUEUED_MAX_REQUEST_BYTES = KEYS.applied(
            "queued.max.request.bytes",
            LONG,
            "-1",
            null,
            "Bytes of requests read and not yet answered, all connections together; at the limit"
                    + " connections stop reading until requests are answered. -1: no bound.");

    // --- security (each may be given per listener as listener.name.<listener>.<key>)
    public static final Key<String> SSL_KEYSTORE_TYPE = KEYS.applied(
            "ssl.keystore.type",
            STRING,
            "JKS",
            null,
            "Format of the key store: JKS, PKCS12 or PEM. With an SSL or SASL_SSL listener and no key store "
                    + "configured, Skiff generates a development CA and certificate in the data directory.");
    public static final Key<String> SSL_KEYSTORE_LOCATION =
            KEYS.applied("ssl.keystore.location", STRING, null, null, "Key store file of TLS listeners.");
    public static final Key<String> SSL_KEYSTORE_PASSWORD =
            KEYS.applied("ssl.keystore.password", PASSWORD, null, null, "Password of the key store file.");
    public static final Key<String> SSL_KEY_PASSWORD = KEYS.applied(
            "ssl.key.password", PASSWORD, null, null, "Password of the private key (key store or PEM key).");
    public static final Key<String> SSL_KEYSTORE_CERTIFICATE_CHAIN = KEYS.applied(
            "ssl.keystore.certificate.chain",
            PASSWORD,
            null,
            null,
            "Certificate chain in PEM, inline (ssl.keystore.type=PEM).");
    public static final Key<String> SSL_KEYSTORE_KEY = KEYS.applied(
            "ssl.keystore.key", PASSWORD, null, null, "Private key in PEM (PKCS#8), inline (ssl.keystore.type=PEM).");
    public static final Key<String> SSL_TRUSTSTORE_TYPE =
            KEYS.applied("ssl.truststore.type", STRING, "JKS", null, "Format of the trust store: JKS, PKCS12 or PEM.");
    public static final Key<String> SSL_TRUSTSTORE_LOCATION =
            KEYS.applied("ssl.truststore.location", STRING, null, null, "Trust store file (client certificates' CAs).");
    public static final Key<String> SSL_TRUSTSTORE_PASSWORD =
            KEYS.applied("ssl.truststore.password", PASSWORD, null, null, "Password of the trust store file.");
    public static final Key<String> SSL_TRUSTSTORE_CERTIFICATES = KEYS.applied(
            "ssl.truststore.certificates",
            PASSWORD,
            null,
            null,
            "Trusted certificates in PEM, inline (ssl.truststore.type=PEM).");
    public static final Key<String> SSL_CLIENT_AUTH = KEYS.applied(
            "ssl.client.auth",
            STRING,
            "none",
            oneOf("required", "requested", "none"),
            "Whether TLS listeners ask clients for a certificate: required, requested or none.");
    public static final Key<String> SSL_PRINCIPAL_MAPPING_RULES = KEYS.applied(
            "ssl.principal.mapping.rules",
            STRING,
            "DEFAULT",
            null,
            "Rules mapping a client certificate's distinguished name to a user name "
                    + "(RULE:pattern/replacement/[LU], ..., DEFAULT).");
    public static final Key<List<String>> SSL_ENABLED_PROTOCOLS =
            KEYS.applied("ssl.enabled.protocols", LIST, "TLSv1.2,TLSv1.3", null, "TLS protocol versions enabled.");
    public static final Key<List<String>> SSL_CIPHER_SUITES =
            KEYS.applied("ssl.cipher.suites", LIST, "", null, "Cipher suites enabled; empty = the JDK's defaults.");
    public static final Key<String> SSL_PROTOCOL =
            KEYS.accepted("ssl.protocol", STRING, "TLSv1.3", null, "SSLContext protocol.");
    public static final Key<String> SSL_KEYMANAGER_ALGORITHM =
            KEYS.accepted("ssl.keymanager.algorithm", STRING, "SunX509", null, "Key manager factory algorithm.");
    public static final Key<String> SSL_TRUSTMANAGER_ALGORITHM =
            KEYS.accepted("ssl.trustmanager.algorithm", STRING, "PKIX", null, "Trust manager factory algorithm.");
    public static final Key<String> SSL_ENDPOINT_IDENTIFICATION_ALGORITHM = KEYS.accepted(
            "ssl.endpoint.identification.algorithm",
            STRING,
            "https",
            null,
            "Host name verification of the peer (used by clients; a single broker has no peers).");
    public static final Key<List<String>> SASL_ENABLED_MECHANISMS = KEYS.applied(
            "sasl.enabled.mechanisms",
            LIST,
            "GSSAPI",
            null,
            "SASL mechanisms served on SASL listeners: PLAIN, SCRAM-SHA-256, SCRAM-SHA-512, OAUTHBEARER.");
    public static final Key<String> SASL_JAAS_CONFIG = KEYS.applied(
            "sasl.jaas.config",
            PASSWORD,
            null,
            null,
            "JAAS login configuration; usually given per listener and mechanism as "
                    + "listener.name.<listener>.<mechanism>.sasl.jaas.config. PLAIN users are its user_<name> "
                    + "options.");
    public static final Key<String> SASL_MECHANISM_INTER_BROKER_PROTOCOL = KEYS.accepted(
            "sasl.mechanism.inter.broker.protocol", STRING, "GSSAPI", null, "Inter-broker SASL mechanism.");
    public static final Key<Long> CONNECTIONS_MAX_REAUTH_MS = KEYS.applied(
            "connections.max.reauth.ms",
            LONG,
            "0",
            atLeast(0),
            "Lifetime of a SASL session; clients re-authenticate before it ends (KIP-368). 0 = no limit.");
    public static final Key<String> AUTHORIZER_CLASS_NAME = KEYS.applied(
            "authorizer.class.name",
            STRING,
            "",
            null,
            "ACL authorizer; org.apache.kafka.metadata.authorizer.StandardAuthorizer enables ACLs. Empty: "
                    + "every request is allowed.");
    public static final Key<String> SUPER_USERS =
            KEYS.applied("super.users", STRING, null, null, "Principals allowed everything, separated by ';'.");
    public static final Key<Boolean> ALLOW_EVERYONE_IF_NO_ACL_FOUND = KEYS.applied(
            "allow.everyone.if.no.acl.found",
            BOOLEAN,
            "false",
            null,
            "Whether a resource without any matching ACL is open to everyone.");

    // --- identity and KRaft
    public static final Key<Integer> NODE_ID = KEYS.appliedDev(
            "node.id",
            INT,
            "1",
            "none (required in KRaft)",
            atLeast(0),
            "This node's id, reported in Metadata. When unset, broker.id is used if set.");
    public static final Key<Integer> BROKER_ID =
            KEYS.applied("broker.id", INT, "-1", null, "Legacy name of node.id (used when node.id is not set).");
    public static final Key<String> CLUSTER_ID = KEYS.applied(
            "cluster.id",
            STRING,
            null,
            Validator.nonBlank(),
            "Skiff-only: the cluster id reported to clients (Kafka keeps it in meta.properties). The "
                    + "Docker image's variable CLUSTER_ID sets it too. When unset the broker generates one.");
    public static final Key<List<String>> PROCESS_ROLES = KEYS.accepted(
            "process.roles",
            LIST,
            null,
            nonEmptyListOf("broker", "controller"),
            "KRaft roles. Skiff is always a single combined node.");
    public static final Key<List<String>> CONTROLLER_QUORUM_VOTERS =
            KEYS.accepted("controller.quorum.voters", LIST, "", null, "KRaft voter set (id@host:port,...).");
    public static final Key<List<String>> CONTROLLER_QUORUM_BOOTSTRAP_SERVERS =
            KEYS.accepted("controller.quorum.bootstrap.servers", LIST, "", null, "KRaft quorum bootstrap endpoints.");
    public static final Key<String> INTER_BROKER_LISTENER_NAME =
            KEYS.accepted("inter.broker.listener.name", STRING, null, null, "Listener for broker-to-broker traffic.");
    public static final Key<String> SECURITY_INTER_BROKER_PROTOCOL = KEYS.accepted(
            "security.inter.broker.protocol", STRING, "PLAINTEXT", null, "Protocol for broker-to-broker traffic.");
    public static final Key<String> METADATA_LOG_DIR =
            KEYS.accepted("metadata.log.dir", STRING, null, null, "KRaft metadata log directory.");
    public static final Key<Integer> NUM_REPLICA_FETCHERS =
            KEYS.accepted("num.replica.fetchers", INT, "1", null, "Replication fetcher threads.");
    public static final Key<Long> REPLICA_LAG_TIME_MAX_MS =
            KEYS.accepted("replica.lag.time.max.ms", LONG, "30000", null, "Follower lag before leaving the ISR.");
    public static final Key<Boolean> AUTO_LEADER_REBALANCE_ENABLE =
            KEYS.accepted("auto.leader.rebalance.enable", BOOLEAN, "true", null, "Preferred leader rebalancing.");
    public static final Key<String> BROKER_RACK = KEYS.applied(
            "broker.rack", STRING, null, null, "This node's rack, reported in Metadata and DescribeCluster.");
    public static final Key<String> REPLICA_SELECTOR_CLASS = KEYS.applied(
            "replica.selector.class",
            STRING,
            null,
            null,
            "KIP-392: with org.apache.kafka.common.replica.RackAwareReplicaSelector, a consumer with "
                    + "client.rack is sent to a replica in its rack (simulated nodes).");
    public static final Key<String> ZOOKEEPER_CONNECT =
            KEYS.removed("zookeeper.connect", STRING, null, "ZooKeeper mode (removed in Kafka 4.0).");
    public static final Key<Integer> ZOOKEEPER_CONNECTION_TIMEOUT_MS =
            KEYS.removed("zookeeper.connection.timeout.ms", INT, null, "ZooKeeper mode (removed in Kafka 4.0).");
    public static final Key<Integer> ZOOKEEPER_SESSION_TIMEOUT_MS =
            KEYS.removed("zookeeper.session.timeout.ms", INT, "18000", "ZooKeeper mode (removed in Kafka 4.0).");

    // --- topics and logs
    public static final Key<List<String>> LOG_DIRS = KEYS.appliedDev(
            "log.dirs",
            LIST,
            "./data",
            "unset (log.dir = /tmp/kafka-logs)",
            Validator.described("a comma-separated list of directories"),
            "Comma-separated data directories; Skiff stores partitions in the first. When unset and log.dir "
                    + "is set, log.dir is used.");
    public static final Key<List<String>> LOG_DIR =
            KEYS.applied("log.dir", LIST, null, null, "Data directory used when log.dirs is not set.");
    public static final Key<Integer> NUM_PARTITIONS = KEYS.applied(
            "num.partitions",
            INT,
            "1",
            atLeast(1),
            "Partitions of auto-created topics and of " + "CreateTopics requests that leave the count to the broker.");
    public static final Key<Integer> DEFAULT_REPLICATION_FACTOR = KEYS.applied(
            "default.replication.factor",
            INT,
            "1",
            null,
            "Replication factor reported for topics " + "created without one. A single node holds one replica.");
    public static final Key<Boolean> AUTO_CREATE_TOPICS_ENABLE = KEYS.applied(
            "auto.create.topics.enable",
            BOOLEAN,
            "true",
            null,
            "Create a topic when a client asks Metadata for, or produces to, one that does not exist.");
    public static final Key<Boolean> DELETE_TOPIC_ENABLE =
            KEYS.applied("delete.topic.enable", BOOLEAN, "true", null, "Allow DeleteTopics.");
    public static final Key<Integer> MESSAGE_MAX_BYTES = KEYS.applied(
            "message.max.bytes",
            INT,
            "1048588",
            atLeast(0),
            "Largest record batch accepted (topic: max.message.bytes).");
    public static final Key<Integer> LOG_SEGMENT_BYTES = KEYS.applied(
            "log.segment.bytes",
            INT,
            "1073741824",
            atLeast(1024 * 1024),
            "Segment file size at which a new segment starts (topic: segment.bytes).");
    public static final Key<Long> LOG_ROLL_MS = KEYS.applied(
            "log.roll.ms",
            LONG,
            null,
            atLeast(1),
            "Age at which a new segment starts (topic: segment.ms); when unset log.roll.hours applies.");
    public static final Key<Integer> LOG_ROLL_HOURS = KEYS.applied(
            "log.roll.hours", INT, "168", atLeast(1), "Segment age limit in hours, used when log.roll.ms is unset.");
    public static final Key<Long> LOG_ROLL_JITTER_MS =
            KEYS.accepted("log.roll.jitter.ms", LONG, null, atLeast(0), "Random jitter subtracted from the roll time.");
    public static final Key<Integer> LOG_ROLL_JITTER_HOURS = KEYS.accepted(
            "log.roll.jitter.hours", INT, "0", atLeast(0), "Jitter in hours, used when log.roll.jitter.ms is unset.");
    public static final Key<Long> LOG_RETENTION_MS = KEYS.applied(
            "log.retention.ms",
            LONG,
            null,
            atLeast(-1),
            "How long segments are kept (topic: retention.ms); -1 keeps them forever. When unset, "
                    + "log.retention.minutes, then log.retention.hours, applies.");
    public static final Key<Integer> LOG_RETENTION_MINUTES = KEYS.applied(
            "log.retention.minutes",
            INT,
            null,
            atLeast(-1),
            "Retention in minutes, used when log.retention.ms is unset.");
    public static final Key<Integer> LOG_RETENTION_HOURS = KEYS.applied(
            "log.retention.hours",
            INT,
            "168",
            atLeast(-1),
            "Retention in hours, used when the two keys above are unset.");
    public static final Key<Long> LOG_RETENTION_BYTES = KEYS.applied(
            "log.retention.bytes",
            LONG,
            "-1",
            null,
            "Partition size beyond which old segments are deleted (topic: retention.bytes); -1 = no limit.");
    public static final Key<Long> LOG_RETENTION_CHECK_INTERVAL_MS =
            KEYS.applied("log.retention.check.interval.ms", LONG, "300000", atLeast(1), "How often retention runs.");
    public static final Key<Long> LOG_FLUSH_INTERVAL_MESSAGES = KEYS.applied(
            "log.flush.interval.messages",
            LONG,
            MAX_LONG,
            atLeast(1),
            "fsync after this many records (topic: flush.messages). Default: never; the OS writes back.");
    public static final Key<Long> LOG_FLUSH_INTERVAL_MS = KEYS.applied(
            "log.flush.interval.ms",
            LONG,
            null,
            atLeast(0),
            "fsync when unflushed data is this old (topic: flush.ms); when unset log.flush.scheduler.interval.ms applies.");
    public static final Key<Long> LOG_FLUSH_SCHEDULER_INTERVAL_MS = KEYS.applied(
            "log.flush.scheduler.interval.ms",
            LONG,
            MAX_LONG,
            atLeast(0),
            "How often the flusher checks; default never.");
    public static final Key<String> LOG_MESSAGE_TIMESTAMP_TYPE = KEYS.applied(
            "log.message.timestamp.type",
            STRING,
            "CreateTime",
            oneOf("CreateTime", "LogAppendTime"),
            "CreateTime keeps the producer's timestamps; LogAppendTime stamps batches with the broker's clock "
                    + "(topic: message.timestamp.type).");
    public static final Key<Long> LOG_MESSAGE_TIMESTAMP_BEFORE_MAX_MS = KEYS.applied(
            "log.message.timestamp.before.max.ms",
            LONG,
            MAX_LONG,
            atLeast(0),
            "Largest allowed lag of a CreateTime timestamp behind the broker clock.");
    public static final Key<Long> LOG_MESSAGE_TIMESTAMP_AFTER_MAX_MS = KEYS.applied(
            "log.message.timestamp.after.max.ms",
            LONG,
            "3600000",
            atLeast(0),
            "Largest allowed lead of a CreateTime timestamp over the broker clock.");
    public static final Key<List<String>> LOG_CLEANUP_POLICY = KEYS.applied(
            "log.cleanup.policy",
            LIST,
            "delete",
            nonEmptyListOf("compact", "delete"),
            "Default cleanup.policy of topics: delete (retention) and/or compact (the log cleaner).");
    public static final Key<Integer> LOG_INDEX_INTERVAL_BYTES =
            KEYS.applied("log.index.interval.bytes", INT, "4096", atLeast(0), "Bytes between offset index entries.");
    public static final Key<Integer> LOG_INDEX_SIZE_MAX_BYTES = KEYS.applied(
            "log.index.size.max.bytes", INT, "10485760", atLeast(4), "Maximum offset index size per segment.");
    public static final Key<Long> LOG_SEGMENT_DELETE_DELAY_MS = KEYS.accepted(
            "log.segment.delete.delay.ms",
            LONG,
            "60000",
            atLeast(0),
            "Delay before a deleted segment's files are removed.");
    public static final Key<Boolean> LOG_PREALLOCATE =
            KEYS.accepted("log.preallocate", BOOLEAN, "false", null, "Preallocate segment files.");
    public static final Key<Boolean> LOG_CLEANER_ENABLE = KEYS.applied(
            "log.cleaner.enable",
            BOOLEAN,
            "true",
            null,
            "Run the log cleaner threads that compact topics whose cleanup.policy includes compact.");
    public static final Key<Integer> LOG_CLEANER_THREADS =
            KEYS.applied("log.cleaner.threads", INT, "1", atLeast(0), "Log cleaner threads: logs compacted at once.");
    public static final Key<Long> LOG_CLEANER_BACKOFF_MS = KEYS.applied(
            "log.cleaner.backoff.ms",
            LONG,
            "15000",
            atLeast(0),
            "How long a cleaner thread sleeps when no log needs compaction.");
    public static final Key<Long> LOG_CLEANER_DEDUPE_BUFFER_SIZE = KEYS.applied(
            "log.cleaner.dedupe.buffer.size",
            LONG,
            "134217728",
            null,
            "Memory for the cleaners' key maps, shared by the threads (at most 2 GiB each); allocated as a "
                    + "cleaning needs it.");
    public static final Key<Double> LOG_CLEANER_IO_BUFFER_LOAD_FACTOR = KEYS.applied(
            "log.cleaner.io.buffer.load.factor",
            DOUBLE,
            "0.9",
            null,
            "How full a cleaner's key map may get before it cleans what it has mapped.");
    public static final Key<Double> LOG_CLEANER_IO_MAX_BYTES_PER_SECOND = KEYS.applied(
            "log.cleaner.io.max.bytes.per.second",
            DOUBLE,
            Double.toString(Double.MAX_VALUE),
            null,
            "Read and write I/O limit of all cleaner threads together.");
    public static final Key<Integer> LOG_CLEANER_IO_BUFFER_SIZE =
            KEYS.accepted("log.cleaner.io.buffer.size", INT, "524288", atLeast(0), "Cleaner I/O buffer size.");
    public static final Key<Long> LOG_CLEANER_DELETE_RETENTION_MS = KEYS.applied(
            "log.cleaner.delete.retention.ms", LONG, "86400000", atLeast(0), "How long compaction keeps tombstones.");
    public static final Key<Long> LOG_CLEANER_MIN_COMPACTION_LAG_MS = KEYS.applied(
            "log.cleaner.min.compaction.lag.ms", LONG, "0", atLeast(0), "Minimum age before a record is compacted.");
    public static final Key<Long> LOG_CLEANER_MAX_COMPACTION_LAG_MS = KEYS.applied(
            "log.cleaner.max.compaction.lag.ms",
            LONG,
            MAX_LONG,
            atLeast(1),
            "Maximum age before a record is compacted.");
    public static final Key<Double> LOG_CLEANER_MIN_CLEANABLE_RATIO = KEYS.applied(
            "log.cleaner.min.cleanable.ratio",
            DOUBLE,
            "0.5",
            betweenDouble(0, 1),
            "Dirty ratio that triggers compaction.");
    public static final Key<Long> LOG_LOCAL_RETENTION_MS =
            KEYS.accepted("log.local.retention.ms", LONG, "-2", atLeast(-2), "Tiered storage: local retention time.");
    public static final Key<Long> LOG_LOCAL_RETENTION_BYTES = KEYS.accepted(
            "log.local.retention.bytes", LONG, "-2", atLeast(-2), "Tiered storage: local retention size.");
    public static final Key<Boolean> REMOTE_LOG_STORAGE_SYSTEM_ENABLE =
            KEYS.accepted("remote.log.storage.system.enable", BOOLEAN, "false", null, "Tiered storage.");
    public static final Key<Long> LOG_REMOTE_COPY_LAG_BYTES =
            KEYS.accepted("log.remote.copy.lag.bytes", LONG, "-1", atLeast(-1), "Tiered storage: copy lag in bytes.");
    public static final Key<Long> LOG_REMOTE_COPY_LAG_MS =
            KEYS.accepted("log.remote.copy.lag.ms", LONG, "0", atLeast(-1), "Tiered storage: copy lag in time.");
    public static final Key<Integer> MAX_DECOMPRESSED_MESSAGE_BYTES = KEYS.accepted(
            "max.decompressed.message.bytes",
            INT,
            "2147483639",
            atLeast(1),
            "Largest decompressed record batch (topic: max.decompressed.message.bytes).");
    public static final Key<Integer> NUM_RECOVERY_THREADS_PER_DATA_DIR =
            KEYS.accepted("num.recovery.threads.per.data.dir", INT, "2", atLeast(1), "Log recovery threads.");
    public static final Key<Integer> MIN_INSYNC_REPLICAS = KEYS.accepted(
            "min.insync.replicas", INT, "1", atLeast(1), "Replicas that must acknowledge acks=all writes.");
    public static final Key<Boolean> UNCLEAN_LEADER_ELECTION_ENABLE =
            KEYS.accepted("unclean.leader.election.enable", BOOLEAN, "false", null, "Allow out-of-sync leaders.");
    public static final Key<String> COMPRESSION_TYPE = KEYS.applied(
            "compression.type",
            STRING,
            "producer",
            oneOf("uncompressed", "zstd", "lz4", "snappy", "gzip", "producer"),
            "Codec of stored batches: producer keeps each batch as sent; another codec recompresses on produce.");
    public static final Key<Integer> COMPRESSION_GZIP_LEVEL =
            KEYS.accepted("compression.gzip.level", INT, "-1", betweenOr(1, 9, -1), "gzip level when recompressing.");
    public static final Key<Integer> COMPRESSION_LZ4_LEVEL =
            KEYS.accepted("compression.lz4.level", INT, "9", between(1, 17), "lz4 level when recompressing.");
    public static final Key<Integer> COMPRESSION_ZSTD_LEVEL =
            KEYS.accepted("compression.zstd.level", INT, "3", between(-131072, 22), "zstd level when recompressing.");

    // --- fetch
    public static final Key<Integer> MAX_INCREMENTAL_FETCH_SESSION_CACHE_SLOTS = KEYS.applied(
            "max.incremental.fetch.session.cache.slots",
            INT,
            "1000",
            atLeast(0),
            "Most incremental fetch sessions (KIP-227) kept at once. When full, a new session replaces one "
                    + "unused for 2 minutes or a smaller one older than that, else the full fetch gets no "
                    + "session; 0 disables sessions.");

    // --- groups and offsets
    public static final Key<Integer> GROUP_INITIAL_REBALANCE_DELAY_MS = KEYS.appliedDev(
            "group.initial.rebalance.delay.ms",
            INT,
            "0",
            "3000",
            atLeast(0),
            "How long the first rebalance of a new group waits for more members. 0 so that a single test "
                    + "consumer starts at once.");
    public static final Key<Integer> GROUP_MIN_SESSION_TIMEOUT_MS = KEYS.applied(
            "group.min.session.timeout.ms", INT, "6000", null, "Smallest session timeout a member may ask for.");
    public static final Key<Integer> GROUP_MAX_SESSION_TIMEOUT_MS = KEYS.applied(
            "group.max.session.timeout.ms", INT, "1800000", null, "Largest session timeout a member may ask for.");
    public static final Key<Integer> GROUP_MAX_SIZE =
            KEYS.applied("group.max.size", INT, MAX_INT, atLeast(1), "Largest number of members in a classic group.");
    public static final Key<List<String>> GROUP_COORDINATOR_REBALANCE_PROTOCOLS = KEYS.applied(
            "group.coordinator.rebalance.protocols",
            LIST,
            "classic,consumer,streams",
            nonEmptyListOf("classic", "consumer", "share", "streams"),
            "Enabled group protocols. Without consumer (streams), ConsumerGroupHeartbeat and ConsumerGroupDescribe "
                    + "(StreamsGroupHeartbeat and StreamsGroupDescribe) answer UNSUPPORTED_VERSION, still advertised, "
                    + "as in Kafka 4.4.");
    public static final Key<Integer> GROUP_CONSUMER_SESSION_TIMEOUT_MS = KEYS.applied(
            "group.consumer.session.timeout.ms",
            INT,
            "45000",
            atLeast(1),
            "Session timeout of the consumer group protocol: a member not heard from for this long is removed.");
    public static final Key<Integer> GROUP_CONSUMER_MIN_SESSION_TIMEOUT_MS = KEYS.appliedDev(
            "group.consumer.min.session.timeout.ms",
            INT,
            "1000",
            "45000",
            atLeast(1),
            "Smallest allowed group.consumer.session.timeout.ms. Lower than Kafka's so tests can detect a "
                    + "crashed consumer quickly.");
    public static final Key<Integer> GROUP_CONSUMER_MAX_SESSION_TIMEOUT_MS = KEYS.applied(
            "group.consumer.max.session.timeout.ms",
            INT,
            "60000",
            atLeast(1),
            "Largest allowed group.consumer.session.timeout.ms.");
    public static final Key<Integer> GROUP_CONSUMER_HEARTBEAT_INTERVAL_MS = KEYS.appliedDev(
            "group.consumer.heartbeat.interval.ms",
            INT,
            "500",
            "5000",
            atLeast(1),
            "Heartbeat interval of the consumer group protocol. Shorter than Kafka's: a member picks up "
                    + "partitions released by others at its next heartbeat, so rebalances settle sooner.");
    public static final Key<Integer> GROUP_CONSUMER_MIN_HEARTBEAT_INTERVAL_MS = KEYS.appliedDev(
            "group.consumer.min.heartbeat.interval.ms",
            INT,
            "100",
            "5000",
            atLeast(1),
            "Smallest allowed group.consumer.heartbeat.interval.ms.");
    public static final Key<Integer> GROUP_CONSUMER_MAX_HEARTBEAT_INTERVAL_MS = KEYS.applied(
            "group.consumer.max.heartbeat.interval.ms",
            INT,
            "15000",
            atLeast(1),
            "Largest allowed group.consumer.heartbeat.interval.ms.");
    public static final Key<Integer> GROUP_CONSUMER_MAX_SIZE = KEYS.applied(
            "group.consumer.max.size", INT, MAX_INT, atLeast(1), "Largest number of members in a consumer group.");
    public static final Key<List<String>> GROUP_CONSUMER_ASSIGNORS = KEYS.applied(
            "group.consumer.assignors",
            LIST,
            "uniform,range", // Kafka 4.4's default, by the short names it describes
            nonEmptyListOf(
                    "uniform",
                    "range",
                    "org.apache.kafka.coordinator.group.assignor.UniformAssignor",
                    "org.apache.kafka.coordinator.group.assignor.RangeAssignor"),
            "Server-side assignors of the consumer group protocol; the first is the default.");
    public static final Key<Integer> GROUP_SHARE_SESSION_TIMEOUT_MS = KEYS.applied(
            "group.share.session.timeout.ms",
            INT,
            "45000",
            atLeast(1),
            "Session timeout of share groups: a member not heard from for this long is removed and what it"
                    + " had acquired is released.");
    public static final Key<Integer> GROUP_SHARE_MIN_SESSION_TIMEOUT_MS = KEYS.applied(
            "group.share.min.session.timeout.ms",
            INT,
            "45000",
            atLeast(1),
            "Smallest allowed group.share.session.timeout.ms, and smallest share.session.timeout.ms a group"
                    + " may set.");
    public static final Key<Integer> GROUP_SHARE_MAX_SESSION_TIMEOUT_MS = KEYS.applied(
            "group.share.max.session.timeout.ms",
            INT,
            "60000",
            atLeast(1),
            "Largest allowed group.share.session.timeout.ms, and largest share.session.timeout.ms a group may"
                    + " set.");
    public static final Key<Integer> GROUP_SHARE_HEARTBEAT_INTERVAL_MS = KEYS.applied(
            "group.share.heartbeat.interval.ms",
            INT,
            "5000",
            atLeast(1),
            "Heartbeat interval given to the members of share groups.");
    public static final Key<Integer> GROUP_SHARE_MIN_HEARTBEAT_INTERVAL_MS = KEYS.applied(
            "group.share.min.heartbeat.interval.ms",
            INT,
            "5000",
            atLeast(1),
            "Smallest allowed group.share.heartbeat.interval.ms and share.heartbeat.interval.ms.");
    public static final Key<Integer> GROUP_SHARE_MAX_HEARTBEAT_INTERVAL_MS = KEYS.applied(
            "group.share.max.heartbeat.interval.ms",
            INT,
            "15000",
            atLeast(1),
            "Largest allowed group.share.heartbeat.interval.ms and share.heartbeat.interval.ms.");
    public static final Key<Integer> GROUP_SHARE_MAX_SIZE = KEYS.applied(
            "group.share.max.size",
            INT,
            "200",
            between(1, 1000),
            "Largest number of members in a share group (GROUP_MAX_SIZE_REACHED for the next one).");
    public static final Key<Integer> GROUP_SHARE_RECORD_LOCK_DURATION_MS = KEYS.applied(
            "group.share.record.lock.duration.ms",
            INT,
            "30000",
            between(1000, 3_600_000),
            "How long a share group member holds a record it acquired before the record is available again.");
    public static final Key<Integer> GROUP_SHARE_MIN_RECORD_LOCK_DURATION_MS = KEYS.applied(
            "group.share.min.record.lock.duration.ms",
            INT,
            "15000",
            between(1000, 30_000),
            "Smallest share.record.lock.duration.ms a group may set.");
    public static final Key<Integer> GROUP_SHARE_MAX_RECORD_LOCK_DURATION_MS = KEYS.applied(
            "group.share.max.record.lock.duration.ms",
            INT,
            "60000",
            between(30_000, 3_600_000),
            "Largest share.record.lock.duration.ms a group may set.");
    public static final Key<Integer> GROUP_SHARE_DELIVERY_COUNT_LIMIT = KEYS.applied(
            "group.share.delivery.count.limit",
            INT,
            "5",
            between(2, 10),
            "Deliveries of a record to a share group after which a release or lock expiry archives it.");
    public static final Key<Integer> GROUP_SHARE_MIN_DELIVERY_COUNT_LIMIT = KEYS.applied(
            "group.share.min.delivery.count.limit",
            INT,
            "2",
            between(2, 5),
            "Smallest share.delivery.count.limit a group may set.");
    public static final Key<Integer> GROUP_SHARE_MAX_DELIVERY_COUNT_LIMIT = KEYS.applied(
            "group.share.max.delivery.count.limit",
            INT,
            "10",
            between(5, 25),
            "Largest share.delivery.count.limit a group may set.");
    public static final Key<Integer> GROUP_SHARE_PARTITION_MAX_RECORD_LOCKS = KEYS.applied(
            "group.share.partition.max.record.locks",
            INT,
            "2000",
            between(100, 10_000),
            "Most records in flight (acquired or waiting for redelivery) per share-partition.");
    public static final Key<Integer> GROUP_SHARE_MIN_PARTITION_MAX_RECORD_LOCKS = KEYS.applied(
            "group.share.min.partition.max.record.locks",
            INT,
            "100",
            between(100, 2000),
            "Smallest share.partition.max.record.locks a group may set.");
    public static final Key<Integer> GROUP_SHARE_MAX_PARTITION_MAX_RECORD_LOCKS = KEYS.applied(
            "group.share.max.partition.max.record.locks",
            INT,
            "4000",
            between(2000, 10_000),
            "Largest share.partition.max.record.locks a group may set.");
    public static final Key<Integer> GROUP_SHARE_MAX_SHARE_SESSIONS = KEYS.applied(
            "group.share.max.share.sessions",
            INT,
            "2000",
            atLeast(1),
            "Most share sessions the broker keeps (SHARE_SESSION_LIMIT_REACHED for the next one).");
    public static final Key<Integer> GROUP_SHARE_ASSIGNMENT_INTERVAL_MS = KEYS.accepted(
            "group.share.assignment.interval.ms",
            INT,
            "1000",
            atLeast(0),
            "How often Kafka's coordinator recomputes a share group's assignment (Skiff assigns at every"
                    + " change).");
    public static final Key<Integer> GROUP_SHARE_MIN_ASSIGNMENT_INTERVAL_MS = KEYS.accepted(
            "group.share.min.assignment.interval.ms",
            INT,
            "0",
            atLeast(0),
            "Smallest share.assignment.interval.ms a group may set.");
    public static final Key<Integer> GROUP_SHARE_MAX_ASSIGNMENT_INTERVAL_MS = KEYS.accepted(
            "group.share.max.assignment.interval.ms",
            INT,
            "15000",
            atLeast(0),
            "Largest share.assignment.interval.ms a group may set.");
    public static final Key<String> GROUP_CONSUMER_MIGRATION_POLICY = KEYS.applied(
            "group.consumer.migration.policy",
            STRING,
            "bidirectional",
            oneOfIgnoreCase("disabled", "upgrade", "downgrade", "bidirectional"),
            "Which conversions between the classic and consumer protocols a group with members may make (an"
                    + " empty group always converts): `upgrade` lets a consumer-protocol member convert a classic"
                    + " group, `downgrade` converts a consumer group back when its last consumer-protocol member"
                    + " leaves, or when a classic static member takes the place of the last consumer-protocol"
                    + " one. Under `disabled` a classic member may not join a consumer group with members either,"
                    + " as in Kafka 4.4.");
    public static final Key<Integer> OFFSETS_TOPIC_NUM_PARTITIONS =
            KEYS.applied("offsets.topic.num.partitions", INT, "50", atLeast(1), "Partitions of __consumer_offsets.");
    public static final Key<Short> OFFSETS_TOPIC_REPLICATION_FACTOR = KEYS.acceptedDev(
            "offsets.topic.replication.factor", SHORT, "1", "3", atLeast(1), "Replication of __consumer_offsets.");
    public static final Key<Integer> OFFSETS_TOPIC_SEGMENT_BYTES = KEYS.applied(
            "offsets.topic.segment.bytes",
            INT,
            "104857600",
            atLeast(1),
            "Segment size of __consumer_offsets (at least 1 MiB, the smallest segment.bytes); the cleaner "
                    + "compacts closed segments.");
    public static final Key<Integer> OFFSETS_RETENTION_MINUTES = KEYS.applied(
            "offsets.retention.minutes",
            INT,
            "10080",
            atLeast(1),
            "Committed offsets of an empty group expire after this long.");
    public static final Key<Long> OFFSETS_RETENTION_CHECK_INTERVAL_MS = KEYS.applied(
            "offsets.retention.check.interval.ms",
            LONG,
            "600000",
            atLeast(1),
            "How often expired offsets are removed.");
    public static final Key<Integer> OFFSET_METADATA_MAX_BYTES = KEYS.applied(
            "offset.metadata.max.bytes", INT, "4096", null, "Largest metadata string of an offset commit.");

    // --- producers and transactions
    public static final Key<Integer> PRODUCER_ID_EXPIRATION_MS = KEYS.applied(
            "producer.id.expiration.ms",
            INT,
            "86400000",
            atLeast(1),
            "Idle producer ids are forgotten after this long.");
    public static final Key<Integer> TRANSACTIONAL_ID_EXPIRATION_MS = KEYS.applied(
            "transactional.id.expiration.ms",
            INT,
            "604800000",
            atLeast(1),
            "Idle transactional ids expire after this long.");
    public static final Key<Integer> TRANSACTION_MAX_TIMEOUT_MS = KEYS.applied(
            "transaction.max.timeout.ms",
            INT,
            "900000",
            atLeast(1),
            "Largest transaction timeout a producer may ask for.");
    public static final Key<Short> TRANSACTION_STATE_LOG_REPLICATION_FACTOR = KEYS.acceptedDev(
            "transaction.state.log.replication.factor",
            SHORT,
            "1",
            "3",
            atLeast(1),
            "Replication of __transaction_state.");
    public static final Key<Integer> TRANSACTION_STATE_LOG_MIN_ISR = KEYS.acceptedDev(
            "transaction.state.log.min.isr", INT, "1", "2", atLeast(1), "min.insync.replicas of __transaction_state.");
    public static final Key<Integer> TRANSACTION_STATE_LOG_NUM_PARTITIONS = KEYS.applied(
            "transaction.state.log.num.partitions", INT, "50", atLeast(1), "Partitions of __transaction_state.");
    public static final Key<Integer> TRANSACTION_STATE_LOG_SEGMENT_BYTES = KEYS.applied(
            "transaction.state.log.segment.bytes",
            INT,
            "104857600",
            atLeast(1),
            "Segment size of __transaction_state (at least 1 MiB, the smallest segment.bytes); the cleaner "
                    + "compacts closed segments.");
    public static final Key<Integer> TRANSACTION_ABORT_TIMED_OUT_TRANSACTION_CLEANUP_INTERVAL_MS = KEYS.applied(
            "transaction.abort.timed.out.transaction.cleanup.interval.ms",
            INT,
            "10000",
            atLeast(1),
            "How often transactions open longer than their timeout are aborted.");
    public static final Key<Integer> TRANSACTION_REMOVE_EXPIRED_TRANSACTION_CLEANUP_INTERVAL_MS = KEYS.applied(
            "transaction.remove.expired.transaction.cleanup.interval.ms",
            INT,
            "3600000",
            atLeast(1),
            "How often expired transactional ids are removed.");
    public static final Key<Short> SHARE_COORDINATOR_STATE_TOPIC_REPLICATION_FACTOR = KEYS.acceptedDev(
            "share.coordinator.state.topic.replication.factor",
            SHORT,
            "1",
            "3",
            atLeast(1),
            "Replication of __share_group_state.");
    public static final Key<Short> SHARE_COORDINATOR_STATE_TOPIC_MIN_ISR = KEYS.acceptedDev(
            "share.coordinator.state.topic.min.isr",
            SHORT,
            "1",
            "2",
            atLeast(1),
            "min.insync.replicas of __share_group_state.");
    public static final Key<Integer> SHARE_COORDINATOR_STATE_TOPIC_SEGMENT_BYTES = KEYS.applied(
            "share.coordinator.state.topic.segment.bytes",
            INT,
            "104857600",
            atLeast(1),
            "Segment size of __share_group_state (at least 1 MiB, the smallest segment.bytes); the cleaner "
                    + "compacts closed segments.");

    // --- Skiff's test control (not Kafka keys; not listed by DescribeConfigs)
    public static final Key<String> SKIFF_CONTROL_LISTENER = KEYS.applied(
            "skiff.control.listener",
            STRING,
            null,
            CONTROL_LISTENER,
            "The test control HTTP listener (fault rules, the broker clock, storage faults, reset), e.g. "
                    + "http://127.0.0.1:9644; off when unset. Binds exactly the host given: keep it on "
                    + "loopback unless others must reach it.");
    public static final Key<String> CONSOLE_LISTENER = KEYS.applied(
            "console.listener",
            STRING,
            null,
            CONSOLE_LISTENER_VALUE,
            "The web console's HTTP listener (skiff-console on the classpath), e.g. http://127.0.0.1:9080; "
                    + "off when unset or empty. java -jar sets http://127.0.0.1:9080 unless the key is given "
                    + "(and goes on without a console when that port is taken). Binds exactly the host "
                    + "given: keep it on loopback unless others must reach it.");
    public static final Key<String> SCHEMA_REGISTRY_LISTENER = KEYS.applied(
            "schema.registry.listener",
            STRING,
            null,
            HTTP_OR_HTTPS_LISTENER,
            "The schema registry's HTTP listener (skiff-schema-registry on the classpath; Confluent's REST API), "
                    + "e.g. http://127.0.0.1:8081; off when unset, for java -jar too (a registry is asked for, "
                    + "not assumed). https://host:port serves TLS with the ssl.* keys prefixed "
                    + "listener.name.schema_registry., else the broker-wide ssl.* keys, else the development "
                    + "CA's certificate. Binds exactly the host given: keep it on loopback unless others must "
                    + "reach it.");
    public static final Key<String> SCHEMA_REGISTRY_AUTHENTICATION_METHOD = KEYS.applied(
            "schema.registry.authentication.method",
            STRING,
            "NONE",
            oneOf("NONE", "BASIC"),
            "BASIC: every schema registry request needs HTTP basic authentication with a user of the broker "
                    + "(a PLAIN user_<name>=\"password\" of a SASL listener's JAAS configuration, or a SCRAM "
                    + "credential); 401 otherwise. NONE (the default): no authentication (Confluent's "
                    + "authentication.method).");
    public static final Key<Integer> SKIFF_SIMULATED_NODES = KEYS.applied(
            "skiff.simulated.nodes",
            INT,
            "1",
            between(1, 64),
            "Simulated cluster for tests: this many nodes in one process, each with its own listeners "
                    + "(ids node.id, node.id+1, ...; a listener port p becomes p+i for node i, 0 stays a free "
                    + "port), replicas, ISR and leaders; one storage, no real copies. See "
                    + "docs/simulated-nodes.md.");
    public static final Key<List<String>> SKIFF_SIMULATED_RACKS = KEYS.applied(
            "skiff.simulated.racks",
            LIST,
            "",
            null,
            "broker.rack of each simulated node in id order (e.g. a,b,c); unset: no racks, or broker.rack "
                    + "for every node.");
    public static final Key<String> SKIFF_EMULATE_KAFKA_VERSION = KEYS.applied(
            "skiff.emulate.kafka.version",
            STRING,
            null,
            oneOf(EMULATED_KAFKA_VERSIONS),
            "Answer as this Apache Kafka release does: its ApiVersions ranges and features; requests at "
                    + "versions it lacked are refused as it refused them. Unset: Skiff's own ranges.");

    /** The broker key table: every key above, in declaration order. */
    public static final ConfigKeyTable TABLE = KEYS.build();
}
