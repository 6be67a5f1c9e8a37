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

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FeaturesTest {
    @Test
    void listenersHearTheLevelsThatChangeOnceTheyAreInEffect() {
        Features features = new Features()
                .add(new Feature("share.version", (short) 0, (short) 2, (short) 2))
                .add(new Feature("streams.version", (short) 0, (short) 1, (short) 1));
        List<String> heard = new ArrayList<>();
        features.onChange(
                "share.version",
                level -> heard.add("share " + level + " in effect " + (features.level("share.version") == level)));
        features.setLevels(Map.of("share.version", (short) 0, "streams.version", (short) 0));
        features.setLevels(Map.of("share.version", (short) 0));
        features.setLevels(Map.of("share.version", (short) 2));
        assertEquals(
                List.of("share 0 in effect true", "share 2 in effect true"), heard, "unchanged levels are not heard");
    }
}
