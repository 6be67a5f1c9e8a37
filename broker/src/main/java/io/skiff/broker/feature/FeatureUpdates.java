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
package io.skiff.broker.feature;

import io.skiff.protocol.Errors;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * UpdateFeatures' rules ({@code kafka-features upgrade/downgrade/disable}), as Kafka 4.4's controller applies them
 * ({@code FeatureControlManager.updateFeature}), for one node that is both broker and controller. The updates are
 * checked one by one in the order of a {@link HashMap} of their names, as Kafka's are, and the first refusal refuses
 * them all with {@link Errors#INVALID_UPDATE_VERSION}:
 *
 * <ol>
 *   <li>an upgrade type other than upgrade (1), safe downgrade (2) or unsafe downgrade (3);
 *   <li>a negative level;
 *   <li>a level outside the supported range ("Local controller N only supports versions a-b", or "does not support
 *       this feature" for a feature supported nowhere, whose only level is 0);
 *   <li>a lower level asked as an upgrade, or a higher one as a downgrade;
 *   <li>{@code metadata.version}: every downgrade (Kafka refuses each one below 4.4-IV2 as one that might delete
 *       metadata; unsafe downgrades are not supported);
 *   <li>{@code kraft.version}: a downgrade to any other level;
 *   <li>a name Kafka does not know ("Feature X not found.").
 * </ol>
 *
 * An accepted update that asks for {@code eligible.leader.replicas.version} 1 or more (even at its current level)
 * first runs what Kafka's controller adds to it ({@code ConfigurationControlManager.updateFeatures}): the cluster
 * default of min.insync.replicas and no broker-level one ({@code onEligibleLeaderReplicas}).
 *
 * <p>Level dependencies between features do not arise: Kafka 4.4's only one (eligible.leader.replicas.version 1 needs
 * metadata.version 4.0-IV1) always holds, as metadata.version stays at 4.4-IV2.
 *
 * <p>Thread-safe: the check and the change happen under the lock of {@link Features}.
 */
public final class FeatureUpdates {
    public static final String METADATA_VERSION = "metadata.version";
    public static final String KRAFT_VERSION = "kraft.version";

    /** Kafka's feature names ({@code org.apache.kafka.server.common.Feature}, production features). */
    private static final Set<String> KAFKA_FEATURES = Set.of(
            METADATA_VERSION,
            KRAFT_VERSION,
            "transaction.version",
            "group.version",
            "eligible.leader.replicas.version",
            "share.version",
            "streams.version");

    /** Kafka's FeatureUpdate.UpgradeType codes. */
    public static final byte UPGRADE = 1;

    public static final byte SAFE_DOWNGRADE = 2;
    public static final byte UNSAFE_DOWNGRADE = 3;

    /** One requested change: a feature, its new level and the upgrade type code. */
    public record Update(String feature, short level, byte upgradeType) {}

    /** The answer: {@link Errors#NONE} with a null message, or the refusal of every update. */
    public record Outcome(Errors error, String message) {
        static final Outcome NONE = new Outcome(Errors.NONE, null);
    }

    private final Features features;
    private final int nodeId;
    private final Runnable onEligibleLeaderReplicas;

    public FeatureUpdates(Features features, int nodeId) {
        this(features, nodeId, () -> {});
    }

    /** @param onEligibleLeaderReplicas run before an accepted update asking for eligible leader replicas is applied */
    public FeatureUpdates(Features features, int nodeId, Runnable onEligibleLeaderReplicas) {
        this.features = features;
        this.nodeId = nodeId;
        this.onEligibleLeaderReplicas = onEligibleLeaderReplicas;
    }

    /**
     * Checks every update and, unless {@code validateOnly}, finalizes them all (persisted, epoch raised) or none.
     *
     * @param updates the changes, at most one per feature
     */
    public Outcome apply(Iterable<Update> updates, boolean validateOnly) {
        Map<String, Update> byName = new HashMap<>();
        for (Update u : updates) {
            byName.put(u.feature(), u);
        }
        synchronized (features) {
            Map<String, Short> levels = new LinkedHashMap<>();
            for (Update u : byName.values()) {
                String refusal = refusal(u, levels);
                if (refusal != null) {
                    return new Outcome(
                            Errors.INVALID_UPDATE_VERSION,
                            "The update failed for all features since the following feature had an error: " + refusal);
                }
            }
            if (!validateOnly && !levels.isEmpty()) {
                if (levels.getOrDefault(ClusterFeatures.ELIGIBLE_LEADER_REPLICAS_VERSION, (short) 0) > 0) {
                    onEligibleLeaderReplicas.run();
                }
                features.setLevels(levels);
            }
            return Outcome.NONE;
        }
    }

    /** Why Kafka would refuse this update, or null; an accepted update puts the level to finalize in {@code levels}. */
    private String refusal(Update u, Map<String, Short> levels) {
        String name = u.feature();
        short level = u.level();
        if (u.upgradeType() < UPGRADE || u.upgradeType() > UNSAFE_DOWNGRADE) {
            return invalid(u, "The controller does not support the given upgrade type.");
        }
        Feature supported = features.get(name);
        short current = supported == null ? 0 : supported.finalizedLevel();
        if (level < 0) {
            return invalid(u, "A feature version cannot be less than 0.");
        }
        short min = supported == null ? 0 : supported.minVersion();
        short max = supported == null ? 0 : supported.maxVersion();
        if (level < min || level > max) {
            return invalid(
                    u,
                    max == 0
                            ? "Local controller " + nodeId + " does not support this feature."
                            : "Local controller " + nodeId + " only supports versions " + min + "-" + max);
        }
        boolean upgrade = u.upgradeType() == UPGRADE;
        if (level < current && upgrade) {
            return invalid(
                    u,
                    "Can't downgrade the version of this feature without setting the upgrade type to either safe or"
                            + " unsafe downgrade.");
        }
        if (level > current && !upgrade) {
            return invalid(u, "Can't downgrade to a newer version.");
        }
        if (name.equals(METADATA_VERSION)) {
            if (level < current) {
                return "Unsupported metadata.version downgrade from " + current + " to " + level + ". "
                        + (u.upgradeType() == UNSAFE_DOWNGRADE
                                ? "Unsafe metadata downgrade is not supported in this version."
                                : "Refusing to perform the requested downgrade because it might delete metadata"
                                        + " information.");
            }
        } else if (name.equals(KRAFT_VERSION) && !upgrade && level != current) {
            return invalid(u, "Can't downgrade the version of this feature.");
        } else if (!KAFKA_FEATURES.contains(name)) {
            return invalid(u, "Feature " + name + " not found.");
        }
        if (supported != null) {
            levels.put(name, level);
        }
        return null;
    }

    private static String invalid(Update u, String reason) {
        return "Invalid update version " + u.level() + " for feature " + u.feature() + ". " + reason;
    }
}
