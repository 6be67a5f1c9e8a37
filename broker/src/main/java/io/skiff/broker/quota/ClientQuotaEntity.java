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
package io.skiff.broker.quota;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a client quota applies to, as Kafka's {@code ClientQuotaEntity}: entity types ({@code user},
 * {@code client-id}, {@code ip}) mapped to a name, or to null for the type's default ({@code --entity-default}).
 * {@code {user=alice, client-id=null}} is "alice's connections with any client id that has no quota of its own".
 *
 * <p>Immutable; thread-safe.
 *
 * @param parts entity type → name (null for a default), sorted by type
 */
public record ClientQuotaEntity(Map<String, String> parts) {
    public static final String USER = "user";
    public static final String CLIENT_ID = "client-id";
    public static final String IP = "ip";

    /** Copies {@code parts}, sorted by type, so iteration (the response's entity order, the file's) is stable. */
    public ClientQuotaEntity {
        parts = Collections.unmodifiableMap(new TreeMap<>(parts));
    }

    /** An entity of these parts (type → name, null name for a default); copied. */
    public static ClientQuotaEntity of(Map<String, String> parts) {
        return new ClientQuotaEntity(parts);
    }

    /** The user entity {@code user} (null: the default user). */
    public static ClientQuotaEntity user(String user) {
        return of(single(USER, user));
    }

    /** The client-id entity {@code clientId} (null: the default client id). */
    public static ClientQuotaEntity clientId(String clientId) {
        return of(single(CLIENT_ID, clientId));
    }

    /** The combined entity of {@code user} and {@code clientId} (null: the default). */
    public static ClientQuotaEntity userAndClientId(String user, String clientId) {
        Map<String, String> parts = single(USER, user);
        parts.put(CLIENT_ID, clientId);
        return of(parts);
    }

    private static Map<String, String> single(String type, String name) {
        Map<String, String> parts = new HashMap<>();
        parts.put(type, name);
        return parts;
    }

    /** How Kafka's ClientQuotaEntity prints itself in error messages (its entries are a HashMap). */
    String kafkaString() {
        return "ClientQuotaEntity(entries=" + new HashMap<>(parts) + ")";
    }

    @Override
    public String toString() {
        return parts.toString();
    }
}
