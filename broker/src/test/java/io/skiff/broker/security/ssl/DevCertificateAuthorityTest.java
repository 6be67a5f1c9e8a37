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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.PKIXParameters;
import java.security.cert.TrustAnchor;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DevCertificateAuthorityTest {
    @TempDir
    Path dataDir;

    @Test
    void issuesAServerCertificateTheTrustStoreValidatesForTheListenerHosts() throws Exception {
        DevCertificateAuthority ca = new DevCertificateAuthority(dataDir, Clock.systemUTC());
        DevCertificateAuthority.KeyMaterial server = ca.serverKeyMaterial(List.of("broker.local"));

        KeyStore trust = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(ca.trustStore())) {
            trust.load(in, DevCertificateAuthority.STORE_PASSWORD.toCharArray());
        }
        X509Certificate caCert = (X509Certificate) trust.getCertificate("skiff-dev-ca");
        PKIXParameters params = new PKIXParameters(Set.of(new TrustAnchor(caCert, null)));
        params.setRevocationEnabled(false);
        CertificateFactory factory = CertificateFactory.getInstance("X.509");
        java.security.cert.CertPathValidator.getInstance("PKIX")
                .validate(factory.generateCertPath(List.of(server.chain().get(0))), params);

        Set<String> names = new HashSet<>();
        for (List<?> entry : server.chain().get(0).getSubjectAlternativeNames()) {
            names.add(String.valueOf(entry.get(1)));
        }
        assertTrue(names.containsAll(Set.of("broker.local", "localhost", "127.0.0.1")), names.toString());
        assertTrue(server.chain().get(0).getExtendedKeyUsage().contains("1.3.6.1.5.5.7.3.1"));
        assertEquals(caCert, factory.generateCertificate(Files.newInputStream(ca.caPem())));
    }

    @Test
    void keepsItsCertificatesAcrossStartsAndReissuesForANewHost() throws Exception {
        DevCertificateAuthority ca = new DevCertificateAuthority(dataDir, Clock.systemUTC());
        X509Certificate first = ca.serverKeyMaterial(List.of("a.local")).chain().get(0);
        X509Certificate again = new DevCertificateAuthority(dataDir, Clock.systemUTC())
                .serverKeyMaterial(List.of("a.local"))
                .chain()
                .get(0);
        assertEquals(first, again);
        X509Certificate other = ca.serverKeyMaterial(List.of("b.local")).chain().get(0);
        assertTrue(!other.equals(first));
        assertEquals(first.getIssuerX500Principal(), other.getIssuerX500Principal(), "same CA");
    }
}
