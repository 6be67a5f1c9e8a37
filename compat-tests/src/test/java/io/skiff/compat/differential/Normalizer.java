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
package io.skiff.compat.differential;

import io.skiff.protocol.message.ApiKeys;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Replaces, in one broker's answer tree, only what must differ between two brokers: throttle times, the broker's own
 * port, topic ids (by the name of the topic they stand for), wall-clock timestamps, the log directory's path and its
 * disk's free and total bytes, allocated producer ids, fetch session ids; and sorts the lists whose order the protocol leaves to the broker
 * ({@link AllowList#UNORDERED}). Cluster id and node id need nothing: the differential tests give Skiff Kafka's.
 * Everything else is compared as it is.
 *
 * <p>Not thread-safe (holds the broker's topic-id lookup, which refreshes itself).
 */
final class Normalizer {
    private static final Pattern UUID_TEXT =
            Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
    private static final long DAY_MS = 86_400_000L;

    private final ApiKeys api;
    private final int port;
    private final Function<String, String> topicNameById;

    /** {@code topicNameById}: the name of the topic with this id on this broker, or null. */
    Normalizer(ApiKeys api, int port, Function<String, String> topicNameById) {
        this.api = api;
        this.port = port;
        this.topicNameById = topicNameById;
    }

    Object normalize(Object tree) {
        return normalize(null, tree);
    }

    @SuppressWarnings("unchecked")
    private Object normalize(String key, Object value) {
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> out = new LinkedHashMap<>();
            ((Map<String, Object>) map).forEach((k, v) -> out.put(k, normalize(k, v)));
            return out;
        }
        if (value instanceof List<?> list) {
            List<Object> out = new ArrayList<>(list.size());
            for (Object item : list) {
                out.add(normalize(key, item));
            }
            String sortKey = AllowList.UNORDERED.get(api.name + "." + key);
            if (sortKey != null) {
                out.sort(Comparator.comparing(
                        item -> item instanceof Map<?, ?> m ? String.valueOf(m.get(sortKey)) : String.valueOf(item),
                        Comparator.comparing((String k) -> k.length()).thenComparing(Comparator.naturalOrder())));
            }
            return out;
        }
        if (key == null) {
            return value;
        }
        if (key.equals("throttleTimeMs") && value instanceof Integer) {
            return 0;
        }
        if (api == ApiKeys.DESCRIBE_LOG_DIRS && key.equals("logDir")) {
            return "<log dir>";
        }
        if (api == ApiKeys.DESCRIBE_LOG_DIRS
                && (key.equals("totalBytes") || key.equals("usableBytes"))
                && value instanceof Long bytes
                && bytes > 0) {
            return "<disk bytes>";
        }
        if (api == ApiKeys.INIT_PRODUCER_ID && key.equals("producerId") && value instanceof Long id && id >= 0) {
            // Allocated from a counter: the shared real Kafka has given ids to other test classes before.
            return "<producer id>";
        }
        if (api == ApiKeys.FETCH && key.equals("sessionId") && value instanceof Integer id && id != 0) {
            // A fetch session's id is random (Kafka's and Skiff's alike): what must agree is whether there is one.
            return "<session id>";
        }
        if (api == ApiKeys.GET_TELEMETRY_SUBSCRIPTIONS
                && key.equals("clientInstanceId")
                && !String.valueOf(value).equals("00000000-0000-0000-0000-000000000000")) {
            // A new client instance's id is random on both brokers, and its subscription id derives from it.
            return "<client instance id>";
        }
        if (api == ApiKeys.GET_TELEMETRY_SUBSCRIPTIONS && key.equals("subscriptionId") && !value.equals(0)) {
            return "<subscription id>";
        }
        if (key.equals("port") && value instanceof Integer p && p == port) {
            return "<broker port>";
        }
        if (value instanceof String s
                && UUID_TEXT.matcher(s).matches()
                && !s.equals("00000000-0000-0000-0000-000000000000")) {
            String name = topicNameById.apply(s);
            return name == null ? s : "<id of " + name + ">";
        }
        if (value instanceof Long t
                && key.toLowerCase(java.util.Locale.ROOT).contains("time")
                && Math.abs(t - System.currentTimeMillis()) < DAY_MS) {
            return "<now>";
        }
        return value;
    }
}
