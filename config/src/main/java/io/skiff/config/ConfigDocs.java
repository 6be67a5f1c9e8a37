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

import java.util.List;
import java.util.stream.Collectors;

/**
 * Renders the supported keys as Markdown tables for the README. {@code main} prints them:
 * {@code java -cp config/target/classes io.skiff.config.ConfigDocs}.
 *
 * <p>Thread-safety: stateless.
 */
public final class ConfigDocs {
    private ConfigDocs() {}

    public static void main(String[] args) {
        System.out.print(markdown());
    }

    /** The three tables with headings. */
    public static String markdown() {
        return "### Broker configuration\n\n" + brokerTable() + "\n### Topic configuration\n\n" + topicTable()
                + "\n### Group configuration\n\n" + groupTable();
    }

    /** One row per broker key. */
    public static String brokerTable() {
        StringBuilder sb = new StringBuilder();
        sb.append("| Key | Type | Default | Allowed | Skiff | Description |\n");
        sb.append("|---|---|---|---|---|---|\n");
        for (ConfigKey key : BrokerConfigKeys.TABLE.keys()) {
            String def = code(key.defaultValue());
            if (key.kafkaDefault() != null) {
                def += " (Kafka: " + key.kafkaDefault() + ")";
            }
            row(
                    sb,
                    code(key.name()),
                    key.type().label(),
                    def,
                    allowed(key),
                    key.support().label(),
                    key.documentation());
        }
        return sb.toString();
    }

    /** One row per topic key, with the broker keys that supply its default. */
    public static String topicTable() {
        return resourceTable(TopicConfigKeys.TABLE);
    }

    /** One row per group key (kafka-configs --entity-type groups), with the broker key that supplies its default. */
    public static String groupTable() {
        return resourceTable(GroupConfigKeys.TABLE);
    }

    private static String resourceTable(ConfigKeyTable table) {
        StringBuilder sb = new StringBuilder();
        sb.append("| Key | Type | Default | Broker default from | Allowed | Skiff | Description |\n");
        sb.append("|---|---|---|---|---|---|---|\n");
        for (ConfigKey key : table.keys()) {
            String synonyms =
                    key.brokerSynonyms().stream().map(s -> code(s.name())).collect(Collectors.joining(", "));
            row(
                    sb,
                    code(key.name()),
                    key.type().label(),
                    code(key.defaultValue()),
                    synonyms.isEmpty() ? "-" : synonyms,
                    allowed(key),
                    key.support().label(),
                    key.documentation());
        }
        return sb.toString();
    }

    private static String allowed(ConfigKey key) {
        return key.validator() == null
                ? "any " + key.type().label()
                : key.validator().allowed();
    }

    private static String code(String value) {
        if (value == null) {
            return "(unset)";
        }
        if (value.isEmpty()) {
            return "(empty)";
        }
        return "`" + value + "`";
    }

    private static void row(StringBuilder sb, String... cells) {
        sb.append('|');
        for (String cell : List.of(cells)) {
            sb.append(' ').append(cell.replace("|", "\\|")).append(" |");
        }
        sb.append('\n');
    }
}
