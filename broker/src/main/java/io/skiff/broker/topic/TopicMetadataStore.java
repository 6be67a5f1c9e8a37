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
package io.skiff.broker.topic;

import io.skiff.storage.AtomicFiles;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where topics live on disk. Layout of a data directory ({@code log.dirs}, first entry):
 * <pre>
 * &lt;data dir&gt;/
 *   topics/&lt;topic&gt;.properties     one per topic: topic.id (Kafka's base64url form), partitions, internal,
 *                                  (a name too long for a file name: a prefix of it, '~' and a hash, with
 *                                  name=&lt;topic&gt; inside)
 *                                  config.&lt;key&gt;=&lt;value&gt; per topic config override. Written atomically
 *                                  (temp file, fsync, rename): its presence is what makes a topic exist.
 *   &lt;topic&gt;-&lt;partition&gt;/           one per partition (Kafka's naming): the segment files of the storage log,
 *                                  plus partition.metadata ("version: 0" / "topic_id: &lt;id&gt;", as Kafka writes it)
 *   producer-id-block              see ProducerIdManager
 * </pre>
 * Creating a topic writes the partition directories first and the properties file last; deleting removes the
 * properties file first. A partition directory without a properties file is therefore never a live topic: it is
 * ignored at startup (with a warning) and replaced when a topic of that name is created. Large creations (see
 * {@code TopicBuilder.opensLogsLate}) remove such leftovers, then write the properties file, then create the
 * partition directories: a properties file whose partition directories are missing gets them at the next start.
 *
 * <p>Thread-safe for different topics; the registry never writes the same topic from two threads at once.
 */
final class TopicMetadataStore {
    static final String TOPICS_DIR = "topics";
    static final String PARTITION_METADATA = "partition.metadata";
    private static final String CONFIG_PREFIX = "config.";
    private static final String PROPERTIES = ".properties";
    /**
     * The longest topic name whose properties file is named after it: that file's temp file must fit in a
     * 255-byte file name, yet Kafka accepts names of up to 249 characters (its partition directories fit).
     */
    static final int LONGEST_NAMED_FILE = 255 - (PROPERTIES + ".tmp").length();
    /** Where a longer name's file is named by a prefix and a hash of it, and the name is kept inside. */
    private static final String NAME_KEY = "name";

    private static final Logger LOG = LoggerFactory.getLogger(TopicMetadataStore.class);

    private final Path dataDir;
    private final Path topicsDir;

    TopicMetadataStore(Path dataDir) throws IOException {
        this.dataDir = dataDir;
        this.topicsDir = dataDir.resolve(TOPICS_DIR);
        Files.createDirectories(topicsDir);
    }

    Path dataDir() {
        return dataDir;
    }

    Path partitionDir(String topic, int partition) {
        return dataDir.resolve(topic + "-" + partition);
    }

    /**
     * Writes {@code partition.metadata} into an existing partition directory. Not forced: the topic's
     * properties file, forced after its partitions are written, is the durable record of the topic id, and a
     * partition.metadata lost or torn by a crash is rewritten from it at the next start
     * ({@link #readPartitionTopicId}). Forcing it cost two fsyncs per partition — 100 for {@code __consumer_offsets}
     * on a first start, most of the start time.
     */
    void writePartitionMetadata(Path partitionDir, UUID topicId) throws IOException {
        Files.writeString(
                partitionDir.resolve(PARTITION_METADATA),
                "version: 0\ntopic_id: " + TopicIds.toBase64(topicId) + "\n",
                StandardCharsets.UTF_8);
    }

    /**
     * Reads the topic id from {@code partition.metadata}, or null when the file is missing or holds no readable
     * topic id (a write cut short by a crash; the caller rewrites it).
     */
    UUID readPartitionTopicId(Path partitionDir) throws IOException {
        Path file = partitionDir.resolve(PARTITION_METADATA);
        if (!Files.exists(file)) {
            return null;
        }
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.startsWith("topic_id:")) {
                try {
                    return TopicIds.fromBase64(
                            line.substring("topic_id:".length()).trim());
                } catch (IllegalArgumentException torn) {
                    break;
                }
            }
        }
        LOG.warn("{} holds no readable topic id; rewriting it from the topic's properties", file);
        return null;
    }

    /** Persists a topic atomically; from now on it exists. */
    void writeTopic(TopicMetadata topic) throws IOException {
        Map<String, String> p = new LinkedHashMap<>();
        if (topic.name().length() > LONGEST_NAMED_FILE) {
            p.put(NAME_KEY, topic.name());
        }
        p.put("topic.id", TopicIds.toBase64(topic.id()));
        p.put("partitions", Integer.toString(topic.partitionCount()));
        p.put("internal", Boolean.toString(topic.internal()));
        new TreeMap<>(topic.configs()).forEach((k, v) -> p.put(CONFIG_PREFIX + k, v));
        AtomicFiles.write(topicFile(topic.name()), propertiesText("Skiff topic metadata", p));
    }

    /**
     * The entries in {@link Properties#load} format, one per line. Not {@link Properties#store}: it writes a date
     * comment, and formatting that date loads the time-zone names (8% of a cold broker start, which creates
     * {@code __consumer_offsets}).
     */
    static String propertiesText(String comment, Map<String, String> entries) {
        StringBuilder out = new StringBuilder("#").append(comment).append('\n');
        entries.forEach((k, v) -> {
            escape(out, k, true);
            out.append('=');
            escape(out, v, false);
            out.append('\n');
        });
        return out.toString();
    }

    private static void escape(StringBuilder out, String s, boolean key) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\', '=', ':', '#', '!' -> out.append('\\').append(c);
                case ' ' -> out.append(key || i == 0 ? "\\ " : " ");
                case '\t' -> out.append("\\t");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\f' -> out.append("\\f");
                default -> {
                    if (c < 0x20 || c > 0x7e) {
                        out.append("\\u");
                        for (int shift = 12; shift >= 0; shift -= 4) {
                            out.append(Character.forDigit((c >> shift) & 0xF, 16));
                        }
                    } else {
                        out.append(c);
                    }
                }
            }
        }
    }

    /** Removes the topic's properties file; from now on the topic no longer exists. */
    void deleteTopicFile(String name) throws IOException {
        Files.deleteIfExists(topicFile(name));
        AtomicFiles.fsyncDirectory(topicsDir);
    }

    /** Every persisted topic, sorted by name. */
    List<TopicMetadata> loadAll() throws IOException {
        List<TopicMetadata> topics = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(topicsDir, "*" + PROPERTIES)) {
            for (Path file : files) {
                topics.add(read(file));
            }
        }
        topics.sort(Comparator.comparing(TopicMetadata::name));
        return topics;
    }

    private TopicMetadata read(Path file) throws IOException {
        String fileName = file.getFileName().toString();
        Properties p = new Properties();
        p.load(new StringReader(Files.readString(file, StandardCharsets.UTF_8)));
        String name = p.getProperty(NAME_KEY, fileName.substring(0, fileName.length() - PROPERTIES.length()));
        try {
            UUID id = TopicIds.fromBase64(required(p, "topic.id", file));
            int partitions = Integer.parseInt(required(p, "partitions", file));
            boolean internal = Boolean.parseBoolean(p.getProperty("internal", "false"));
            Map<String, String> configs = new HashMap<>();
            for (String key : p.stringPropertyNames()) {
                if (key.startsWith(CONFIG_PREFIX)) {
                    configs.put(key.substring(CONFIG_PREFIX.length()), p.getProperty(key));
                }
            }
            return new TopicMetadata(name, id, partitions, internal, configs);
        } catch (IllegalArgumentException e) {
            throw new IOException("Corrupt topic metadata file " + file + ": " + e.getMessage(), e);
        }
    }

    private static String required(Properties p, String key, Path file) throws IOException {
        String value = p.getProperty(key);
        if (value == null) {
            throw new IOException("Corrupt topic metadata file " + file + ": missing " + key);
        }
        return value;
    }

    private Path topicFile(String name) {
        if (name.length() <= LONGEST_NAMED_FILE) {
            return topicsDir.resolve(name + PROPERTIES);
        }
        // '~' is not a topic name character: such a file name is never another topic's plain one
        return topicsDir.resolve(name.substring(0, LONGEST_NAMED_FILE - 17) + "~" + hash(name) + PROPERTIES);
    }

    private static String hash(String name) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(name.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }

    static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            List<Path> all = paths.sorted(Comparator.reverseOrder()).toList();
            for (Path p : all) {
                Files.deleteIfExists(p);
            }
        }
    }
}
