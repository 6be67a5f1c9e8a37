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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class TopicMetadataStoreTest {

    @Test
    void propertiesTextIsReadBackExactlyByPropertiesLoad() throws Exception {
        Map<String, String> entries = new LinkedHashMap<>();
        entries.put("topic.id", "q1Sh-9_ISia_zwGINzRvyQ");
        entries.put("config.retention.ms", "-1");
        entries.put("config.odd key=:#!", " leading space, trailing space , tab\t newline\n cr\r ff\f back\\slash");
        entries.put("config.unicode", "héllo ☃ \u0001");
        entries.put("config.empty", "");
        entries.put("#starts with hash", "!bang");

        String text = TopicMetadataStore.propertiesText("Skiff topic metadata", entries);

        Properties read = new Properties();
        read.load(new StringReader(text));
        Map<String, String> back = new HashMap<>();
        read.forEach((k, v) -> back.put((String) k, (String) v));
        assertEquals(entries, back);
        assertTrue(text.startsWith("#Skiff topic metadata\n"), text);
        assertEquals(entries.size() + 1, text.split("\n").length, text);
    }
}
