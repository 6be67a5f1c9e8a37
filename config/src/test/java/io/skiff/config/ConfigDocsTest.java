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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ConfigDocsTest {

    @Test
    void brokerTableHasOneRowPerKeyWithDefaultsAndKafkaDifferences() {
        String table = ConfigDocs.brokerTable();
        assertEquals(BrokerConfigKeys.TABLE.keys().size() + 2, table.lines().count());
        for (ConfigKey key : BrokerConfigKeys.TABLE.keys()) {
            assertTrue(table.contains("| `" + key.name() + "` |"), key.name());
        }
        assertTrue(
                table.contains(
                        "| `group.initial.rebalance.delay.ms` | int | `0` (Kafka: 3000) | at least 0 | applied |"),
                table);
        assertFalse(table.contains("null"), "no null cells");
    }

    @Test
    void topicTableNamesTheBrokerSynonyms() {
        String table = ConfigDocs.topicTable();
        assertEquals(TopicConfigKeys.TABLE.keys().size() + 2, table.lines().count());
        assertTrue(
                table.contains("| `retention.ms` | long | `604800000` | `log.retention.ms`, `log.retention.minutes`, "
                        + "`log.retention.hours` | at least -1 | applied |"),
                table);
        assertTrue(table.contains("| `segment.ms` | long | `604800000` | `log.roll.ms`, `log.roll.hours` |"), table);
    }

    /** Prints the tables into the test report (the README section is pasted from here). */
    @Test
    void markdownHasBothSections() {
        String md = ConfigDocs.markdown();
        assertTrue(md.startsWith("### Broker configuration"));
        assertTrue(md.contains("### Topic configuration"));
        System.out.println(md);
    }
}
