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
package io.skiff.broker.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.security.principal.KafkaPrincipal;
import io.skiff.testsupport.MutableClock;
import java.time.Clock;
import org.junit.jupiter.api.Test;

class ConnectionSecurityTest {
    @Test
    void plaintextAndSslServeEverythingAsTheirPrincipal() {
        ConnectionSecurity ssl = new ConnectionSecurity(SecurityProtocol.SSL, Clock.systemUTC());
        assertTrue(ssl.mayServe());
        assertEquals(KafkaPrincipal.ANONYMOUS, ssl.principal());
        ssl.tlsAuthenticated(KafkaPrincipal.user("CN=app"));
        assertEquals("User:CN=app", ssl.principal().toString());
    }

    @Test
    void saslServesOnlyAfterAuthenticationAndUntilTheSessionEnds() {
        MutableClock clock = new MutableClock(1_000_000L);
        ConnectionSecurity sasl = new ConnectionSecurity(SecurityProtocol.SASL_PLAINTEXT, clock);
        assertFalse(sasl.mayServe());
        sasl.saslAuthenticated(KafkaPrincipal.user("alice"), clock.millis() + 1000);
        assertTrue(sasl.mayServe());
        clock.advance(999);
        assertTrue(sasl.mayServe());
        clock.advance(1);
        assertFalse(sasl.mayServe(), "the session ended without re-authentication");
        assertTrue(sasl.sessionExpired());
        sasl.saslAuthenticated(KafkaPrincipal.user("alice"), clock.millis() + 1000);
        assertTrue(sasl.mayServe(), "re-authenticated");
        sasl.saslAuthenticated(KafkaPrincipal.user("alice"), 0);
        clock.advance(1_000_000);
        assertTrue(sasl.mayServe(), "0 = the session does not end");
    }
}
