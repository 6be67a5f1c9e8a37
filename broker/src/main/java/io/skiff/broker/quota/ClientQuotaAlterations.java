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

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The checks of AlterClientQuotas, as Kafka 4.4's controller makes them ({@code ClientQuotaControlManager}), in its
 * order and with its messages, all INVALID_REQUEST:
 * <ul>
 *   <li>an entity that appears again in the same request, or that names a key twice → "Ignoring duplicate entity
 *       ClientQuotaEntity(entries={…})" (the entity's first changes still apply, as Kafka applies them);</li>
 *   <li>the entity: empty → "Invalid empty client quota entity"; a type other than user, client-id and ip →
 *       "Unhandled client quota entity type: t"; an empty name → "Empty t not supported"; ip with user or
 *       client-id → Kafka's (typo included) "…IP entity shouldnot be combined…"; an ip that does not resolve →
 *       "x is not a valid IP or resolvable host.";</li>
 *   <li>each value set (removals are not checked): a key the entity cannot have → "Invalid configuration key k";
 *       not finite → "Quota k must be a finite number"; not above 0 → "Quota k must be greater than 0"; an
 *       integral key's value too large or fractional → Kafka's messages.</li>
 * </ul>
 * A change that sets a value a key already has, or removes one it does not have, changes nothing.
 *
 * <p>Stateless.
 */
final class ClientQuotaAlterations {
    private ClientQuotaAlterations() {}

    /**
     * Checks every alteration against the current quotas: the outcome per distinct entity (in no particular order,
     * as Kafka's comes from a hash map) and, in {@code changes}, what the valid ones change.
     */
    static Map<ClientQuotaEntity, QuotaError> check(
            List<ClientQuotaAlteration> alterations,
            Map<ClientQuotaEntity, Map<String, Double>> current,
            Map<ClientQuotaEntity, Map<String, Double>> changes) {
        Map<ClientQuotaEntity, QuotaError> results = new HashMap<>();
        for (ClientQuotaAlteration alteration : alterations) {
            ClientQuotaEntity entity = alteration.entity();
            Map<String, Double> byKey = new HashMap<>();
            boolean duplicateKey = false;
            for (Map.Entry<String, Double> op : alteration.ops()) {
                if (byKey.containsKey(op.getKey())) {
                    duplicateKey = true;
                } else {
                    byKey.put(op.getKey(), op.getValue());
                }
            }
            if (duplicateKey || results.containsKey(entity)) {
                results.put(entity, QuotaError.invalid("Ignoring duplicate entity " + entity.kafkaString()));
                continue;
            }
            QuotaError error = checkEntity(entity);
            if (!error.isFailure()) {
                error = checkValues(entity, byKey, current.getOrDefault(entity, Map.of()), changes);
            }
            results.put(entity, error);
        }
        return results;
    }

    private static QuotaError checkEntity(ClientQuotaEntity entity) {
        Map<String, String> parts = new HashMap<>(entity.parts()); // Kafka's iteration order for its messages
        if (parts.isEmpty()) {
            return QuotaError.invalid("Invalid empty client quota entity");
        }
        for (Map.Entry<String, String> part : parts.entrySet()) {
            String type = part.getKey();
            if (!type.equals(ClientQuotaEntity.USER)
                    && !type.equals(ClientQuotaEntity.CLIENT_ID)
                    && !type.equals(ClientQuotaEntity.IP)) {
                return QuotaError.invalid("Unhandled client quota entity type: " + type);
            }
            if (part.getValue() != null && part.getValue().isEmpty()) {
                return QuotaError.invalid("Empty " + type + " not supported");
            }
        }
        if (parts.containsKey(ClientQuotaEntity.IP)) {
            if (parts.containsKey(ClientQuotaEntity.USER) || parts.containsKey(ClientQuotaEntity.CLIENT_ID)) {
                return QuotaError.invalid(
                        "Invalid quota entity combination, IP entity shouldnot be combined with User or ClientId");
            }
            String ip = parts.get(ClientQuotaEntity.IP);
            if (ip != null && !resolves(ip)) {
                return QuotaError.invalid(ip + " is not a valid IP or resolvable host.");
            }
        }
        return QuotaError.NONE;
    }

    private static boolean resolves(String host) {
        try {
            InetAddress.getByName(host);
            return true;
        } catch (UnknownHostException e) {
            return false;
        }
    }

    private static QuotaError checkValues(
            ClientQuotaEntity entity,
            Map<String, Double> byKey,
            Map<String, Double> current,
            Map<ClientQuotaEntity, Map<String, Double>> changes) {
        boolean ipEntity = entity.parts().containsKey(ClientQuotaEntity.IP);
        Map<String, Double> entityChanges = new HashMap<>();
        for (Map.Entry<String, Double> op : byKey.entrySet()) {
            String key = op.getKey();
            Double value = op.getValue();
            if (value == null) {
                if (current.containsKey(key)) {
                    entityChanges.put(key, null);
                }
                continue;
            }
            QuotaError error = checkValue(key, value, ipEntity);
            if (error.isFailure()) {
                return error;
            }
            if (!Objects.equals(current.get(key), value)) {
                entityChanges.put(key, value);
            }
        }
        if (!entityChanges.isEmpty()) {
            changes.put(entity, entityChanges);
        }
        return QuotaError.NONE;
    }

    private static QuotaError checkValue(String key, double value, boolean ipEntity) {
        QuotaKey quotaKey =
                QuotaKey.forKey(key).filter(k -> k.ipKey() == ipEntity).orElse(null);
        if (quotaKey == null) {
            return QuotaError.invalid("Invalid configuration key " + key);
        }
        if (!Double.isFinite(value)) {
            return QuotaError.invalid("Quota " + key + " must be a finite number");
        }
        if (value <= 0.0) {
            return QuotaError.invalid("Quota " + key + " must be greater than 0");
        }
        return switch (quotaKey.type()) {
            case DOUBLE -> QuotaError.NONE;
            case INT ->
                value > Integer.MAX_VALUE
                        ? QuotaError.invalid("Proposed value for " + key + " is too large for an INT.")
                        : integral(value, key);
            case LONG ->
                value > Long.MAX_VALUE
                        ? QuotaError.invalid("Proposed value for " + key + " is too large for a LONG.")
                        : integral(value, key);
        };
    }

    private static QuotaError integral(double value, String key) {
        return Math.abs(value % 1.0) > 1e-6
                ? QuotaError.invalid(key + " cannot be a fractional value.")
                : QuotaError.NONE;
    }
}
