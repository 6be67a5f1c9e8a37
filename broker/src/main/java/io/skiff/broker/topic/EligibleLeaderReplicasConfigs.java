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

import io.skiff.config.BrokerConfigKeys;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * What eligible leader replicas (KIP-966, feature {@code eligible.leader.replicas.version} at 1 or more) do to the
 * dynamic broker configuration in Kafka 4.4, whose controller keeps {@code min.insync.replicas} a cluster-wide setting
 * while they are on ({@code ConfigurationControlManager}):
 * <ul>
 *   <li>when they come on — a cluster's first start with them finalized (Kafka formats with level 1), or an
 *       UpdateFeatures that asks for level 1 or more — the cluster default {@code min.insync.replicas} is set to the
 *       static value (1 unless {@code server.properties} says otherwise) when it has none, and the broker's own
 *       {@code min.insync.replicas} is removed ({@link #comeOn});</li>
 *   <li>while they are on, the broker's own {@code min.insync.replicas} cannot be set or deleted, nor the cluster
 *       default's deleted ({@link #refusal}, INVALID_CONFIG with Kafka's messages).</li>
 * </ul>
 * Skiff has no replicas to elect from: the feature only changes what the configuration shows and accepts, as Kafka's.
 * A data directory that Skiff started before it did this has no cluster default, as a Kafka cluster formatted before
 * eligible leader replicas has none until UpdateFeatures turns them on.
 *
 * <p>Thread-safe: the state is the feature level and {@link DynamicBrokerConfigs}, which serializes changes.
 */
public final class EligibleLeaderReplicasConfigs {
    public static final String MIN_INSYNC_REPLICAS = BrokerConfigKeys.MIN_INSYNC_REPLICAS.name();

    private final DynamicBrokerConfigs dynamic;
    private final BooleanSupplier on;

    /** @param on whether eligible leader replicas are on (their feature level is 1 or more) */
    public EligibleLeaderReplicasConfigs(DynamicBrokerConfigs dynamic, BooleanSupplier on) {
        this.dynamic = dynamic;
        this.on = on;
    }

    /** Whether eligible leader replicas are on. */
    public boolean on() {
        return on.getAsBoolean();
    }

    /**
     * What Kafka's controller writes when eligible leader replicas come on: the cluster default of
     * {@code min.insync.replicas} from the static configuration when there is none, and no broker-level value.
     *
     * @throws java.io.UncheckedIOException when the configuration cannot be written
     */
    public void comeOn() {
        dynamic.replaceBoth(layers -> {
            boolean seed = !layers.clusterDefault().containsKey(MIN_INSYNC_REPLICAS);
            boolean clear = layers.perBroker().containsKey(MIN_INSYNC_REPLICAS);
            if (!seed && !clear) {
                return null;
            }
            Map<String, String> clusterDefault = new HashMap<>(layers.clusterDefault());
            clusterDefault.putIfAbsent(MIN_INSYNC_REPLICAS, staticValue());
            Map<String, String> perBroker = new HashMap<>(layers.perBroker());
            perBroker.remove(MIN_INSYNC_REPLICAS);
            return new DynamicBrokerConfigs.Layers(clusterDefault, perBroker);
        });
    }

    /**
     * The dynamic configuration of a fresh cluster (what a reset returns to): none, plus the cluster default of
     * {@code min.insync.replicas} while eligible leader replicas are on.
     */
    public Map<String, String> freshClusterDefault() {
        return on() ? Map.of(MIN_INSYNC_REPLICAS, staticValue()) : Map.of();
    }

    private String staticValue() {
        return Integer.toString(dynamic.staticConfig().get(BrokerConfigKeys.MIN_INSYNC_REPLICAS));
    }

    /**
     * Kafka's refusal of a change of the broker's ({@code perBroker}) or the cluster default's keys from {@code
     * current} to {@code next}, {@code named} being the keys the request names (Kafka's controller writes a record for
     * each of them, changed or not, and one removing each key a full replacement leaves out); null when allowed.
     */
    public String refusal(boolean perBroker, Set<String> named, Map<String, String> current, Map<String, String> next) {
        boolean touched = named.contains(MIN_INSYNC_REPLICAS)
                || (current.containsKey(MIN_INSYNC_REPLICAS) && !next.containsKey(MIN_INSYNC_REPLICAS));
        if (!touched || !on()) {
            return null;
        }
        if (perBroker) {
            return "Broker-level min.insync.replicas cannot be altered while ELR is enabled.";
        }
        return next.containsKey(MIN_INSYNC_REPLICAS)
                ? null
                : "Cluster-level min.insync.replicas cannot be removed while ELR is enabled.";
    }
}
