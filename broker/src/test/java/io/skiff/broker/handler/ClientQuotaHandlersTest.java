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
package io.skiff.broker.handler;

import static io.skiff.broker.handler.AdminFixture.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.quota.ClientQuotas;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.AlterClientQuotasRequest;
import io.skiff.protocol.message.AlterClientQuotasResponse;
import io.skiff.protocol.message.DescribeClientQuotasRequest;
import io.skiff.protocol.message.DescribeClientQuotasRequest.ComponentData;
import io.skiff.protocol.message.DescribeClientQuotasResponse;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** AlterClientQuotas and DescribeClientQuotas: Kafka 4.4's validation, matching and answers. */
class ClientQuotaHandlersTest {
    private final ClientQuotas quotas = ClientQuotas.inMemory(Clock.systemUTC());
    private final DescribeClientQuotasHandler handler = new DescribeClientQuotasHandler(quotas);
    private final AlterClientQuotasHandler alter = new AlterClientQuotasHandler(quotas);

    /** An entity as type=name pairs ("user=" alone: the default user). */
    private static AlterClientQuotasRequest.EntryData entry(String entity, Object... keyValues) {
        AlterClientQuotasRequest.EntryData e = new AlterClientQuotasRequest.EntryData();
        for (String part : entity.split(",")) {
            String[] tn = part.split("=", -1);
            e.entity()
                    .add(new AlterClientQuotasRequest.EntityData()
                            .setEntityType(tn[0])
                            .setEntityName(tn[1].isEmpty() ? null : tn[1]));
        }
        for (int i = 0; i < keyValues.length; i += 2) {
            Object v = keyValues[i + 1];
            e.ops()
                    .add(new AlterClientQuotasRequest.OpData()
                            .setKey((String) keyValues[i])
                            .setValue(v == null ? 0 : ((Number) v).doubleValue())
                            .setRemove(v == null));
        }
        return e;
    }

    /** Each answered entity ("type=name,…" sorted) → "ERROR: message" or "NONE". */
    private Map<String, String> alter(boolean validateOnly, AlterClientQuotasRequest.EntryData... entries) {
        AlterClientQuotasResponse r = call(
                alter,
                1,
                new AlterClientQuotasRequest()
                        .setEntries(new ArrayList<>(Arrays.asList(entries)))
                        .setValidateOnly(validateOnly));
        Map<String, String> out = new TreeMap<>();
        for (AlterClientQuotasResponse.EntryData e : r.entries()) {
            String entity = e.entity().stream()
                    .map(d -> d.entityType() + "=" + (d.entityName() == null ? "" : d.entityName()))
                    .sorted()
                    .collect(Collectors.joining(","));
            out.put(entity, e.errorCode() == 0 ? "NONE" : Errors.forCode(e.errorCode()) + ": " + e.errorMessage());
        }
        return out;
    }

    /** The described entities as "type=name,… key=value,…", sorted. */
    private List<String> described(boolean strict, ComponentData... components) {
        DescribeClientQuotasResponse r = describe(1, strict, components);
        assertEquals(Errors.NONE.code(), r.errorCode(), r.errorMessage());
        return r.entries().stream()
                .map(e -> e.entity().stream()
                                .map(d -> d.entityType() + "=" + (d.entityName() == null ? "" : d.entityName()))
                                .sorted()
                                .collect(Collectors.joining(","))
                        + " "
                        + e.values().stream()
                                .map(v -> v.key() + "=" + v.value())
                                .sorted()
                                .collect(Collectors.joining(",")))
                .sorted()
                .toList();
    }

    @Test
    void alteredQuotasAreDescribedByExactDefaultAndAnyMatches() {
        assertEquals(
                Map.of(
                        "user=alice", "NONE",
                        "client-id=app,user=alice", "NONE",
                        "user=", "NONE",
                        "client-id=", "NONE",
                        "ip=127.0.0.1", "NONE"),
                alter(
                        false,
                        entry("user=alice", "producer_byte_rate", 1024, "request_percentage", 12.5),
                        entry("user=alice,client-id=app", "consumer_byte_rate", 2048),
                        entry("user=", "producer_byte_rate", 4096),
                        entry("client-id=", "controller_mutation_rate", 3),
                        entry("ip=127.0.0.1", "connection_creation_rate", 10)));
        assertEquals(
                List.of("user=alice producer_byte_rate=1024.0,request_percentage=12.5"),
                described(true, component("user", 0, "alice")));
        assertEquals(
                List.of(
                        "client-id=app,user=alice consumer_byte_rate=2048.0",
                        "user=alice producer_byte_rate=1024.0,request_percentage=12.5"),
                described(false, component("user", 0, "alice")));
        assertEquals(List.of("user= producer_byte_rate=4096.0"), described(false, component("user", 1, null)));
        assertEquals(
                List.of(
                        "client-id=app,user=alice consumer_byte_rate=2048.0",
                        "user= producer_byte_rate=4096.0",
                        "user=alice producer_byte_rate=1024.0,request_percentage=12.5"),
                described(false, component("user", 2, null)),
                "match type 2 (any) includes the default, as Kafka's metadata image matches");
        assertEquals(List.of("ip=127.0.0.1 connection_creation_rate=10.0"), described(false, component("ip", 2, null)));
        assertEquals(5, described(false).size());

        // Removing a value, and an entity's last value removes the entity.
        assertEquals(Map.of("user=alice", "NONE"), alter(false, entry("user=alice", "request_percentage", null)));
        assertEquals(List.of("user=alice producer_byte_rate=1024.0"), described(true, component("user", 0, "alice")));
        assertEquals(
                Map.of("user=alice", "NONE"),
                alter(false, entry("user=alice", "producer_byte_rate", null, "unknown_key", null)));
        assertEquals(List.of(), described(true, component("user", 0, "alice")));
        // validate_only changes nothing.
        assertEquals(Map.of("user=bob", "NONE"), alter(true, entry("user=bob", "producer_byte_rate", 1)));
        assertEquals(List.of(), described(false, component("user", 0, "bob")));
    }

    @Test
    void invalidAlterationsGetKafkasErrors() {
        Map<String, String> r = alter(
                false,
                entry("user=a", "producer_byte_rate", 0),
                entry("user=b", "producer_byte_rate", 1.5),
                entry("user=c", "request_percentage", Double.NaN),
                entry("user=d", "connection_creation_rate", 1),
                entry("ip=10.0.0.1", "producer_byte_rate", 1),
                entry("ip=10.0.0.2,user=e", "connection_creation_rate", 1),
                entry("group=g", "producer_byte_rate", 1),
                entry("user=", "producer_byte_rate", 1e30),
                entry("client-id=x", "producer_byte_rate", 1, "producer_byte_rate", 2));
        assertEquals("INVALID_REQUEST: Quota producer_byte_rate must be greater than 0", r.get("user=a"));
        assertEquals("INVALID_REQUEST: producer_byte_rate cannot be a fractional value.", r.get("user=b"));
        assertEquals("INVALID_REQUEST: Quota request_percentage must be a finite number", r.get("user=c"));
        assertEquals("INVALID_REQUEST: Invalid configuration key connection_creation_rate", r.get("user=d"));
        assertEquals("INVALID_REQUEST: Invalid configuration key producer_byte_rate", r.get("ip=10.0.0.1"));
        assertEquals(
                "INVALID_REQUEST: Invalid quota entity combination, IP entity shouldnot be combined with User or"
                        + " ClientId",
                r.get("ip=10.0.0.2,user=e"));
        assertEquals("INVALID_REQUEST: Unhandled client quota entity type: group", r.get("group=g"));
        assertEquals("INVALID_REQUEST: Proposed value for producer_byte_rate is too large for a LONG.", r.get("user="));
        assertEquals(
                "INVALID_REQUEST: Ignoring duplicate entity ClientQuotaEntity(entries={client-id=x})",
                r.get("client-id=x"));
        assertEquals(List.of(), described(false), "nothing was set");
        AlterClientQuotasRequest.EntryData emptyName = entry("user=x", "producer_byte_rate", 1);
        emptyName.entity().get(0).setEntityName("");
        assertEquals(Map.of("user=", "INVALID_REQUEST: Empty user not supported"), alter(false, emptyName));
    }

    private static ComponentData component(String type, int matchType, String match) {
        return new ComponentData()
                .setEntityType(type)
                .setMatchType((byte) matchType)
                .setMatch(match);
    }

    private DescribeClientQuotasResponse describe(int version, boolean strict, ComponentData... components) {
        return call(
                handler,
                version,
                new DescribeClientQuotasRequest()
                        .setComponents(new ArrayList<>(List.of(components)))
                        .setStrict(strict));
    }

    private void assertError(Errors error, String message, DescribeClientQuotasResponse response) {
        assertEquals(error.code(), response.errorCode());
        assertEquals(message, response.errorMessage());
        assertNull(response.entries());
    }

    @Test
    void validFiltersMatchNothingWhenNoQuotaIsSet() {
        for (int version = 0; version <= 1; version++) {
            for (DescribeClientQuotasResponse r : List.of(
                    describe(version, false),
                    describe(version, true, component("user", 0, "alice")),
                    describe(version, false, component("user", 1, null), component("client-id", 2, null)),
                    describe(version, true, component("ip", 0, "10.0.0.1")))) {
                assertEquals(Errors.NONE.code(), r.errorCode());
                assertEquals("", r.errorMessage(), "Kafka answers an empty, not a null, message");
                assertTrue(r.entries().isEmpty(), "entries " + r.entries());
            }
        }
    }

    @Test
    void invalidFiltersGetKafkasErrors() {
        assertError(Errors.INVALID_REQUEST, "Invalid empty entity type.", describe(1, false, component("", 0, "x")));
        assertError(
                Errors.INVALID_REQUEST,
                "Entity type user cannot appear more than once in the filter.",
                describe(1, false, component("user", 0, "a"), component("user", 2, null)));
        assertError(
                Errors.UNSUPPORTED_VERSION,
                "Unsupported entity type group",
                describe(1, false, component("group", 0, "g")));
        assertError(
                Errors.INVALID_REQUEST,
                "Request specified MATCH_TYPE_EXACT, but set match string to null.",
                describe(0, false, component("user", 0, null)));
        assertError(
                Errors.INVALID_REQUEST,
                "Request specified MATCH_TYPE_DEFAULT, but also specified a match string.",
                describe(1, false, component("client-id", 1, "c")));
        assertError(
                Errors.INVALID_REQUEST,
                "Request specified MATCH_TYPE_SPECIFIED, but also specified a match string.",
                describe(1, false, component("user", 2, "a")));
        assertError(Errors.INVALID_REQUEST, "Unknown match type 7", describe(1, false, component("user", 7, null)));
        assertError(
                Errors.INVALID_REQUEST,
                "Invalid entity filter component combination. IP filter component should not be used with user or"
                        + " clientId filter component.",
                describe(1, false, component("ip", 2, null), component("user", 0, "a")));
    }
}
