package io.skiff.broker.handler;

import static io.skiff.broker.handler.AdminFixture.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.protocol.Errors;
import io.skiff.protocol.message.DescribeClientQuotasRequest;
import io.skiff.protocol.message.DescribeClientQuotasRequest.ComponentData;
import io.skiff.protocol.message.DescribeClientQuotasResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** DescribeClientQuotas: no quotas to describe, Kafka's filter validation. */
class DescribeClientQuotasHandlerTest {
    private final DescribeClientQuotasHandler handler = new DescribeClientQuotasHandler();

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
    void validFiltersMatchNoEntries() {
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
