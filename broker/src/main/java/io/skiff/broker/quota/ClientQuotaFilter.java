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

import io.skiff.protocol.Errors;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A DescribeClientQuotas filter, checked and matched as Kafka 4.4's broker does ({@code ClientQuotasImage.describe}).
 * A component matches one entity type exactly by name (match type 0), its default (1), or any entity of the type
 * (2: named or default); entities with other types match too unless the filter is strict.
 *
 * <p>Immutable; thread-safe.
 */
public final class ClientQuotaFilter {
    public static final byte MATCH_EXACT = 0;
    public static final byte MATCH_DEFAULT = 1;
    public static final byte MATCH_SPECIFIED = 2;

    /** One component of a filter as the request carries it. */
    public record Component(String entityType, byte matchType, String match) {}

    private final Map<String, String> exact;
    private final Set<String> ofType;
    private final boolean strict;

    private ClientQuotaFilter(Map<String, String> exact, Set<String> ofType, boolean strict) {
        this.exact = exact;
        this.ofType = ofType;
        this.strict = strict;
    }

    /**
     * The filter of these components, or the error Kafka answers for them: INVALID_REQUEST for an empty or repeated
     * type, a bad match string or match type, ip with user or client-id; UNSUPPORTED_VERSION for an unknown type.
     */
    public static ClientQuotaFilter parse(List<Component> components, boolean strict) throws InvalidFilterException {
        Map<String, String> exact = new HashMap<>();
        Set<String> ofType = new HashSet<>();
        for (Component c : components) {
            String type = c.entityType();
            if (type.isEmpty()) {
                throw new InvalidFilterException(QuotaError.invalid("Invalid empty entity type."));
            }
            if (exact.containsKey(type) || ofType.contains(type)) {
                throw new InvalidFilterException(
                        QuotaError.invalid("Entity type " + type + " cannot appear more than once in the filter."));
            }
            if (!type.equals(ClientQuotaEntity.IP)
                    && !type.equals(ClientQuotaEntity.USER)
                    && !type.equals(ClientQuotaEntity.CLIENT_ID)) {
                throw new InvalidFilterException(
                        new QuotaError(Errors.UNSUPPORTED_VERSION, "Unsupported entity type " + type));
            }
            switch (c.matchType()) {
                case MATCH_EXACT -> {
                    if (c.match() == null) {
                        throw new InvalidFilterException(QuotaError.invalid(
                                "Request specified MATCH_TYPE_EXACT, but set match string to null."));
                    }
                    exact.put(type, c.match());
                }
                case MATCH_DEFAULT -> {
                    if (c.match() != null) {
                        throw new InvalidFilterException(QuotaError.invalid(
                                "Request specified MATCH_TYPE_DEFAULT, but also specified a match string."));
                    }
                    exact.put(type, null);
                }
                case MATCH_SPECIFIED -> {
                    if (c.match() != null) {
                        throw new InvalidFilterException(QuotaError.invalid(
                                "Request specified MATCH_TYPE_SPECIFIED, but also specified a match string."));
                    }
                    ofType.add(type);
                }
                default -> {
                    throw new InvalidFilterException(QuotaError.invalid("Unknown match type " + c.matchType()));
                }
            }
        }
        boolean ip = exact.containsKey(ClientQuotaEntity.IP) || ofType.contains(ClientQuotaEntity.IP);
        boolean userOrClient = exact.containsKey(ClientQuotaEntity.USER)
                || ofType.contains(ClientQuotaEntity.USER)
                || exact.containsKey(ClientQuotaEntity.CLIENT_ID)
                || ofType.contains(ClientQuotaEntity.CLIENT_ID);
        if (ip && userOrClient) {
            throw new InvalidFilterException(
                    QuotaError.invalid("Invalid entity filter component combination. IP filter component should not be"
                            + " used with user or clientId filter component."));
        }
        return new ClientQuotaFilter(exact, ofType, strict);
    }

    /** A filter Kafka refuses, with its error. */
    public static final class InvalidFilterException extends Exception {
        private final transient QuotaError error;

        InvalidFilterException(QuotaError error) {
            super(error.message(), null, false, false);
            this.error = error;
        }

        public QuotaError error() {
            return error;
        }
    }

    /** Whether the entity matches. */
    public boolean matches(ClientQuotaEntity entity) {
        Map<String, String> parts = entity.parts();
        if (strict && parts.size() != exact.size() + ofType.size()) {
            return false;
        }
        for (Map.Entry<String, String> e : exact.entrySet()) {
            if (!parts.containsKey(e.getKey()) || !Objects.equals(parts.get(e.getKey()), e.getValue())) {
                return false;
            }
        }
        for (String type : ofType) {
            if (!parts.containsKey(type)) {
                return false;
            }
        }
        return true;
    }
}
