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

import io.skiff.broker.concurrent.NetworkThreads;
import io.skiff.config.BrokerConfig;
import io.skiff.config.ConfigException;
import io.skiff.config.ConfigSource;
import io.skiff.config.TopicConfig;
import io.skiff.storage.FieldLines;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The dynamic broker configuration (IncrementalAlterConfigs / AlterConfigs on a BROKER resource, {@code kafka-configs
 * --entity-type brokers}): this broker's keys and the cluster default, kept in {@code broker-configs/dynamic} of the
 * data directory (one line a key: scope — {@code default} or the node id —, key and value, both Base64; written
 * atomically) and laid over the static configuration ({@link BrokerConfig#withDynamic}). Topics take their defaults
 * from the result, so a change re-resolves every topic's configuration and applies it to its logs at once.
 *
 * <p>Thread-safe: changes are serialized on the registry's admin lock; readers see the current configuration.
 */
public final class DynamicBrokerConfigs {
    private static final Logger LOG = LoggerFactory.getLogger(DynamicBrokerConfigs.class);
    static final String FILE = "broker-configs/dynamic";
    private static final String DEFAULT_SCOPE = "default";

    private final Path file;
    private final BrokerConfig staticConfig;
    private final Supplier<Collection<Topic>> topics;
    private final Object lock;
    private volatile BrokerConfig current;

    private DynamicBrokerConfigs(
            Path file,
            BrokerConfig staticConfig,
            BrokerConfig current,
            Supplier<Collection<Topic>> topics,
            Object lock) {
        this.file = file;
        this.staticConfig = staticConfig;
        this.current = current;
        this.topics = topics;
        this.lock = lock;
    }

    /**
     * Reads the stored dynamic configuration of {@code dataDir} (none when the file does not exist); {@code file} null
     * keeps nothing on disk.
     *
     * @throws ConfigException when the file cannot be read or holds a value the configuration refuses
     */
    static DynamicBrokerConfigs open(
            Path dataDir, BrokerConfig staticConfig, Supplier<Collection<Topic>> topics, Object lock) {
        Path file = dataDir.resolve(FILE);
        Map<String, String> clusterDefault = new TreeMap<>();
        Map<String, String> perBroker = new TreeMap<>();
        String ownScope = Integer.toString(staticConfig.nodeId());
        Base64.Decoder b64 = Base64.getDecoder();
        BrokerConfig current;
        try {
            FieldLines.read(file, n -> n == 3, "a dynamic broker config", f -> {
                String key = decode(b64, f[1]);
                String value = decode(b64, f[2]);
                if (f[0].equals(DEFAULT_SCOPE)) {
                    clusterDefault.put(key, value);
                } else if (f[0].equals(ownScope)) {
                    perBroker.put(key, value);
                } else {
                    LOG.warn(
                            "Ignoring the dynamic config {} of broker {} in {}: this is broker {}",
                            key,
                            f[0],
                            file,
                            ownScope);
                }
            });
            current = staticConfig.withDynamic(clusterDefault, perBroker);
        } catch (java.io.UncheckedIOException e) {
            throw new ConfigException(e.getCause().getMessage());
        } catch (ConfigException e) {
            throw new ConfigException(
                    e.key(), "Cannot use the dynamic broker configuration in " + file + ": " + e.getMessage());
        }
        return new DynamicBrokerConfigs(file, staticConfig, current, topics, lock);
    }

    private static String decode(Base64.Decoder b64, String text) {
        return new String(b64.decode(text), StandardCharsets.UTF_8);
    }

    /** The static configuration under the dynamic one: what topics take their defaults from. */
    public BrokerConfig current() {
        return current;
    }

    /** The keys set for this broker ({@code perBroker}) or as the cluster default, as given. */
    public Map<String, String> configs(boolean perBroker) {
        return current.layer(
                perBroker ? ConfigSource.DYNAMIC_BROKER_CONFIG : ConfigSource.DYNAMIC_DEFAULT_BROKER_CONFIG);
    }

    /**
     * Checks what {@link #replace} would do, changing nothing.
     *
     * @throws ConfigException for a value the configuration refuses
     */
    public void check(boolean perBroker, Map<String, String> configs) {
        next(perBroker, configs);
    }

    private BrokerConfig next(boolean perBroker, Map<String, String> configs) {
        return perBroker
                ? staticConfig.withDynamic(configs(false), configs)
                : staticConfig.withDynamic(configs, configs(true));
    }

    /** The static configuration alone: what the dynamic keys lie over. */
    public BrokerConfig staticConfig() {
        return staticConfig;
    }

    /**
     * Replaces the keys of this broker ({@code perBroker}) or of the cluster default: checked, stored, then every
     * topic without its own value of a changed default takes the new one.
     *
     * @throws ConfigException              for a value the configuration refuses (nothing changes)
     * @throws java.io.UncheckedIOException when the file cannot be written (nothing changes)
     */
    public void replace(boolean perBroker, Map<String, String> configs) {
        NetworkThreads.checkMayBlock("Storing the dynamic broker configuration");
        synchronized (lock) {
            replace(
                    next(perBroker, configs),
                    perBroker ? "broker " + staticConfig.nodeId() : "the cluster default",
                    configs.keySet());
        }
    }

    /**
     * Replaces both the cluster default and this broker's keys at once (one write), as {@link #replace(boolean, Map)}
     * replaces one of them; {@code change} maps the current pair (cluster default, this broker's) to the new one under
     * the lock, or to null to change nothing.
     *
     * @throws ConfigException              for a value the configuration refuses (nothing changes)
     * @throws java.io.UncheckedIOException when the file cannot be written (nothing changes)
     */
    public void replaceBoth(UnaryOperator<Layers> change) {
        NetworkThreads.checkMayBlock("Storing the dynamic broker configuration");
        synchronized (lock) {
            Layers next = change.apply(new Layers(configs(false), configs(true)));
            if (next != null) {
                replace(
                        staticConfig.withDynamic(next.clusterDefault(), next.perBroker()),
                        "the cluster default and broker " + staticConfig.nodeId(),
                        next.clusterDefault().keySet());
            }
        }
    }

    /** The two dynamic layers: the cluster default's keys and this broker's. */
    public record Layers(Map<String, String> clusterDefault, Map<String, String> perBroker) {}

    private void replace(BrokerConfig next, String scope, Collection<String> keys) {
        synchronized (lock) {
            write(next);
            current = next;
            for (Topic topic : topics.get()) {
                try {
                    topic.whileOpen(() -> {
                        topic.setConfig(TopicConfig.of(topic.config().overrides(), next));
                        return null;
                    });
                } catch (UnknownTopicException deletedMeanwhile) {
                    // nothing to apply
                }
            }
            LOG.info("Updated the dynamic configuration of {}: {}", scope, keys);
        }
    }

    private void write(BrokerConfig next) {
        List<String[]> lines = new ArrayList<>();
        next.layer(ConfigSource.DYNAMIC_DEFAULT_BROKER_CONFIG).forEach((k, v) -> lines.add(line(DEFAULT_SCOPE, k, v)));
        String own = Integer.toString(staticConfig.nodeId());
        next.layer(ConfigSource.DYNAMIC_BROKER_CONFIG).forEach((k, v) -> lines.add(line(own, k, v)));
        FieldLines.write(file, lines);
    }

    private static String[] line(String scope, String key, String value) {
        Base64.Encoder b64 = Base64.getEncoder();
        return new String[] {
            scope,
            b64.encodeToString(key.getBytes(StandardCharsets.UTF_8)),
            b64.encodeToString(value.getBytes(StandardCharsets.UTF_8))
        };
    }
}
