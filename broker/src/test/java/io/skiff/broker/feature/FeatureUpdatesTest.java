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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.skiff.protocol.Errors;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** UpdateFeatures' checks with the messages a single-node Kafka 4.4.0 answers (compared with kafka-features). */
class FeatureUpdatesTest {
    private static final String PREFIX =
            "The update failed for all features since the following feature had an error: ";

    private static Features kafka44(Features features) {
        ClusterFeatures.addTo(features);
        features.add(new Feature("group.version", (short) 0, (short) 1, (short) 1));
        features.add(new Feature("transaction.version", (short) 0, (short) 2, (short) 2));
        return features;
    }

    /** A fresh Kafka 4.4 feature set (JUnit makes a new instance per test) and the updates of controller 1. */
    private final Features features = kafka44(new Features());

    private final FeatureUpdates updates = new FeatureUpdates(features, 1);

    private static FeatureUpdates.Update up(String name, int level) {
        return new FeatureUpdates.Update(name, (short) level, FeatureUpdates.UPGRADE);
    }

    private static FeatureUpdates.Update down(String name, int level) {
        return new FeatureUpdates.Update(name, (short) level, FeatureUpdates.SAFE_DOWNGRADE);
    }

    private static String refusal(FeatureUpdates updates, FeatureUpdates.Update... asked) {
        FeatureUpdates.Outcome outcome = updates.apply(List.of(asked), false);
        assertEquals(Errors.INVALID_UPDATE_VERSION, outcome.error(), outcome::message);
        return outcome.message().substring(PREFIX.length());
    }

    @Test
    void downgradesNeedTheirTypeAndUpgradesTheirs() {
        assertEquals(
                "Invalid update version 1 for feature transaction.version. Can't downgrade the version of this feature"
                        + " without setting the upgrade type to either safe or unsafe downgrade.",
                refusal(updates, up("transaction.version", 1)));
        FeatureUpdates.Outcome ok = updates.apply(List.of(down("transaction.version", 1)), false);
        assertEquals(Errors.NONE, ok.error());
        assertNull(ok.message());
        assertEquals(1, features.level("transaction.version"));
        assertEquals(1L, features.epoch());
        assertEquals(
                "Invalid update version 2 for feature transaction.version. Can't downgrade to a newer version.",
                refusal(updates, down("transaction.version", 2)));
    }

    @Test
    void levelsOutsideTheRangeAndUnknownFeatures() {
        FeatureUpdates controller7 = new FeatureUpdates(kafka44(new Features()), 7);
        assertEquals(
                "Invalid update version 3 for feature transaction.version. Local controller 7 only supports versions"
                        + " 0-2",
                refusal(controller7, up("transaction.version", 3)));
        assertEquals(
                "Invalid update version 1 for feature foo.version. Local controller 7 does not support this feature.",
                refusal(controller7, up("foo.version", 1)));
        assertEquals(
                "Invalid update version 0 for feature foo.version. Feature foo.version not found.",
                refusal(controller7, down("foo.version", 0)));
        assertEquals(
                "Invalid update version -1 for feature group.version. A feature version cannot be less than 0.",
                refusal(controller7, down("group.version", -1)));
        assertEquals(
                "Invalid update version 1 for feature group.version. The controller does not support the given upgrade"
                        + " type.",
                refusal(controller7, new FeatureUpdates.Update("group.version", (short) 1, (byte) 0)));
    }

    @Test
    void metadataVersionIsNeverDowngradedAndKraftVersionOnlyUpgraded() {
        assertEquals(
                "Unsupported metadata.version downgrade from 33 to 32. Refusing to perform the requested downgrade"
                        + " because it might delete metadata information.",
                refusal(updates, down("metadata.version", 32)));
        assertEquals(
                "Unsupported metadata.version downgrade from 33 to 7. Unsafe metadata downgrade is not supported in"
                        + " this version.",
                refusal(
                        updates,
                        new FeatureUpdates.Update("metadata.version", (short) 7, FeatureUpdates.UNSAFE_DOWNGRADE)));
        assertEquals(
                Errors.NONE,
                updates.apply(List.of(up("kraft.version", 1)), false).error());
        assertEquals(1, features.level("kraft.version"));
        assertEquals(
                "Invalid update version 0 for feature kraft.version. Can't downgrade the version of this feature.",
                refusal(updates, down("kraft.version", 0)));
    }

    @Test
    void oneRefusalRefusesAllAndValidateOnlyChangesNothing() {
        refusal(updates, down("group.version", 0), up("transaction.version", 3));
        assertEquals(1, features.level("group.version"));
        assertEquals(
                Errors.NONE,
                updates.apply(List.of(down("group.version", 0)), true).error());
        assertEquals(1, features.level("group.version"));
        assertEquals(0L, features.epoch());
    }

    @Test
    void changedLevelsSurviveARestart(@TempDir Path dir) {
        Features stored = kafka44(new Features(FinalizedFeatureStore.open(dir)));
        new FeatureUpdates(stored, 1)
                .apply(List.of(down("group.version", 0), down("eligible.leader.replicas.version", 0)), false);
        Features reopened = kafka44(new Features(FinalizedFeatureStore.open(dir)));
        assertEquals(0, reopened.level("group.version"));
        assertEquals(0, reopened.level("eligible.leader.replicas.version"));
        assertEquals(2, reopened.level("transaction.version"));
        assertEquals(1L, reopened.epoch());
    }
}
