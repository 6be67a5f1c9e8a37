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
package io.skiff.broker;

import java.io.IOException;
import java.io.InputStream;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Base64;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The broker's identity in its data directory: {@code meta.properties} holding {@code cluster.id} and
 * {@code node.id} (plus {@code version=1}), in the same file format Kafka's KRaft brokers use. Written once,
 * when the directory is new; afterwards the stored values win and a configured value that contradicts them
 * stops startup, as in Kafka.
 *
 * <p>Immutable; the static methods are not safe against two processes initialising one directory at once.
 */
public record MetaProperties(String clusterId, int nodeId) {
    public static final String FILE_NAME = "meta.properties";

    /**
     * Loads the directory's identity, or creates it (random cluster id unless {@code configuredClusterId} is
     * given).
     *
     * @throws IllegalStateException when the stored node id or cluster id differs from the configured one
     * @throws IOException           when the file cannot be read or written
     */
    public static MetaProperties loadOrCreate(Path dataDir, int configuredNodeId, Optional<String> configuredClusterId)
            throws IOException {
        Path file = dataDir.resolve(FILE_NAME);
        Optional<MetaProperties> stored = read(file);
        if (stored.isPresent()) {
            MetaProperties meta = stored.get();
            if (meta.nodeId() != configuredNodeId) {
                throw new IllegalStateException("Stored node.id " + meta.nodeId() + " in " + file
                        + " does not match the configured node.id " + configuredNodeId);
            }
            if (configuredClusterId.isPresent() && !configuredClusterId.get().equals(meta.clusterId())) {
                throw new IllegalStateException("Stored cluster.id " + meta.clusterId() + " in " + file
                        + " does not match the configured cluster.id " + configuredClusterId.get());
            }
            return meta;
        }
        MetaProperties meta =
                new MetaProperties(configuredClusterId.orElseGet(MetaProperties::randomClusterId), configuredNodeId);
        meta.write(file);
        return meta;
    }

    /** Reads {@code file}, or empty when it does not exist. */
    public static Optional<MetaProperties> read(Path file) throws IOException {
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        Properties props = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            props.load(in);
        }
        String clusterId = props.getProperty("cluster.id");
        String nodeId = props.getProperty("node.id", props.getProperty("broker.id"));
        if (clusterId == null || clusterId.isBlank() || nodeId == null) {
            throw new IOException(file + " is missing cluster.id or node.id");
        }
        try {
            return Optional.of(new MetaProperties(clusterId.trim(), Integer.parseInt(nodeId.trim())));
        } catch (NumberFormatException e) {
            throw new IOException(file + " has an invalid node.id: " + nodeId, e);
        }
    }

    /** Writes the file atomically (temporary file, then rename). */
    void write(Path file) throws IOException {
        Path tmp = file.resolveSibling(FILE_NAME + ".tmp");
        try (Writer out = Files.newBufferedWriter(tmp, StandardCharsets.ISO_8859_1)) {
            out.write("#\n#Written by Skiff\n");
            out.write("version=1\n");
            out.write("cluster.id=" + clusterId + "\n");
            out.write("node.id=" + nodeId + "\n");
        }
        try {
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * A random cluster id the way Kafka makes one: 16 random bytes (a type-4 UUID) as URL-safe base64 without
     * padding, 22 characters, never starting with '-' (which command-line tools would take for an option).
     * A cluster id needs to be unique, not secret: ThreadLocalRandom avoids SecureRandom's start-up cost.
     */
    public static String randomClusterId() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        while (true) {
            UUID uuid = new UUID(
                    random.nextLong() & ~0xF000L | 0x4000L,
                    random.nextLong() & 0x3FFFFFFFFFFFFFFFL | 0x8000000000000000L);
            if (uuid.getMostSignificantBits() == 0 && uuid.getLeastSignificantBits() == 0) {
                continue;
            }
            ByteBuffer bytes = ByteBuffer.allocate(16)
                    .putLong(uuid.getMostSignificantBits())
                    .putLong(uuid.getLeastSignificantBits());
            String id = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes.array());
            if (!id.startsWith("-")) {
                return id;
            }
        }
    }
}
