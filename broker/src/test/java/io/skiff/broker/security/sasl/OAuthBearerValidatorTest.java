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
package io.skiff.broker.security.sasl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OAuthBearerValidatorTest {
    private static final Clock NOW = Clock.fixed(Instant.ofEpochSecond(1_700_000_000L), ZoneOffset.UTC);

    private static String token(String header, String claims) {
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        return b64.encodeToString(header.getBytes(StandardCharsets.UTF_8)) + "."
                + b64.encodeToString(claims.getBytes(StandardCharsets.UTF_8)) + ".";
    }

    @Test
    void anUnsecuredTokenGivesItsSubjectAndExpiry() {
        OAuthBearerValidator v = new OAuthBearerValidator(Map.of(), NOW);
        OAuthBearerValidator.ValidToken t =
                v.validate(token("{\"alg\":\"none\"}", "{\"sub\":\"carol\",\"exp\":1700000060,\"iat\":1699999990}"));
        assertEquals("carol", t.principalName());
        assertEquals(1_700_000_060_000L, t.expiryMs());
    }

    @Test
    void expiredSignedOrScopelessTokensAreRefused() {
        OAuthBearerValidator v = new OAuthBearerValidator(Map.of("unsecuredValidatorRequiredScope", "kafka"), NOW);
        assertThrows(
                IllegalArgumentException.class,
                () -> v.validate(
                        token("{\"alg\":\"none\"}", "{\"sub\":\"c\",\"exp\":1699999999,\"scope\":\"kafka\"}")));
        assertThrows(
                IllegalArgumentException.class,
                () -> v.validate(
                        token("{\"alg\":\"HS256\"}", "{\"sub\":\"c\",\"exp\":1700000060,\"scope\":\"kafka\"}")));
        assertThrows(
                IllegalArgumentException.class,
                () -> v.validate(token("{\"alg\":\"none\"}", "{\"sub\":\"c\",\"exp\":1700000060}")));
        assertEquals(
                "c",
                v.validate(token("{\"alg\":\"none\"}", "{\"sub\":\"c\",\"exp\":1700000060,\"scope\":[\"kafka\"]}"))
                        .principalName());
    }
}
