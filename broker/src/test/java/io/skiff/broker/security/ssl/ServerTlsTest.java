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
package io.skiff.broker.security.ssl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslProvider;
import io.skiff.config.BrokerConfig;
import io.skiff.config.ConfigException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLEngine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Kafka's TLS keys reach the engine of a listener: {@code ssl.client.auth}, cipher suites, protocols, prefixes. */
class ServerTlsTest {
    @TempDir
    Path dataDir;

    private SSLEngine engine(Map<String, String> keys) {
        Map<String, String> config = new HashMap<>(keys);
        config.put("listeners", "SSL://127.0.0.1:0");
        ServerTls tls = ServerTls.forListener(
                BrokerConfig.of(config),
                "SSL",
                List.of("localhost"),
                new DevCertificateAuthority(dataDir, Clock.systemUTC()));
        return tls.context().newEngine(ByteBufAllocator.DEFAULT);
    }

    @Test
    void clientAuthNoneRequestedAndRequired() {
        SSLEngine none = engine(Map.of());
        assertFalse(none.getWantClientAuth() || none.getNeedClientAuth(), "none is the default");

        SSLEngine requested = engine(Map.of("ssl.client.auth", "requested"));
        assertTrue(requested.getWantClientAuth(), "requested asks for a certificate");
        assertFalse(requested.getNeedClientAuth(), "requested does not insist on one");

        SSLEngine required = engine(Map.of("ssl.client.auth", "required"));
        assertTrue(required.getNeedClientAuth());
    }

    @Test
    void theListenerPrefixWinsOverTheBrokerWideKey() {
        SSLEngine e = engine(Map.of("ssl.client.auth", "none", "listener.name.ssl.ssl.client.auth", "requested"));
        assertTrue(e.getWantClientAuth());
    }

    @Test
    void cipherSuitesAndProtocolsAreExactlyTheConfiguredOnes() {
        SSLEngine e = engine(Map.of(
                "ssl.cipher.suites",
                "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256",
                "ssl.enabled.protocols",
                "TLSv1.2"));
        assertArrayEquals(
                new String[] {"TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256", "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256"},
                e.getEnabledCipherSuites());
        assertArrayEquals(new String[] {"TLSv1.2"}, e.getEnabledProtocols());

        SSLEngine defaults = engine(Map.of());
        assertTrue(defaults.getEnabledCipherSuites().length > 2, "without the key, the JDK's defaults");
    }

    @Test
    void theJdkEngineUnlessOpenSslIsAskedForAndAvailable() {
        assertEquals(SslProvider.JDK, ServerTls.provider("jdk"));
        assertEquals(SslProvider.JDK, ServerTls.provider("JDK"));
        ConfigException other = assertThrows(ConfigException.class, () -> ServerTls.provider("boring"));
        assertTrue(other.getMessage().contains("jdk or openssl"), other.getMessage());
        if (OpenSsl.isAvailable()) {
            assertEquals(SslProvider.OPENSSL, ServerTls.provider("openssl"));
        } else {
            ConfigException missing = assertThrows(ConfigException.class, () -> ServerTls.provider("openssl"));
            assertTrue(missing.getMessage().contains("netty-tcnative"), missing.getMessage());
        }
    }
}
