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
package io.skiff.broker.control;

import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;

/** Kafka's names of APIs and error codes as users write them in fault rules. Stateless. */
public final class ApiNames {
    private ApiNames() {}

    /**
     * An API by Kafka's name ({@code Produce}, case-insensitive, also {@code PRODUCE}) or key number.
     *
     * @throws IllegalArgumentException naming the unknown API
     */
    public static ApiKeys parse(String nameOrKey) {
        String s = nameOrKey.trim();
        if (!s.isEmpty() && s.chars().allMatch(Character::isDigit)) {
            ApiKeys api = s.length() <= 5 ? ApiKeys.forId(Integer.parseInt(s)) : null;
            if (api == null) {
                throw new IllegalArgumentException("api: unknown API key " + s);
            }
            return api;
        }
        String wanted = s.replace("_", "");
        for (ApiKeys api : ApiKeys.values()) {
            if (api.name.equalsIgnoreCase(wanted)) {
                return api;
            }
        }
        throw new IllegalArgumentException(
                "api: unknown API '" + nameOrKey + "' (use Kafka's name, e.g. Produce, or" + " its key number)");
    }

    /**
     * An error code by Kafka's name, e.g. {@code NOT_LEADER_OR_FOLLOWER} (case-insensitive).
     *
     * @throws IllegalArgumentException naming the unknown error
     */
    public static Errors error(String name) {
        try {
            return Errors.valueOf(name.trim().toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "error: unknown error '" + name + "' (use Kafka's name, e.g. NOT_LEADER_OR_FOLLOWER)");
        }
    }
}
