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

import io.skiff.storage.AtomicFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The development convenience for TLS listeners without a key store: a local CA and a server certificate for the
 * listeners' hosts, kept in {@code <data dir>/tls/} so that clients configured once keep working across restarts.
 * The CA is made on first use; the server certificate is re-issued when a host is missing from it or it is about to
 * expire. Clients trust {@code truststore.p12} (password {@value #STORE_PASSWORD}) or {@code ca.pem}.
 *
 * <p>Not thread-safe: used once at broker start.
 */
public final class DevCertificateAuthority {
    public static final String STORE_PASSWORD = "skiff-dev";
    private static final String DIR = "tls";

    private final Path dir;
    private final Clock clock;

    public DevCertificateAuthority(Path dataDir, Clock clock) {
        this.dir = dataDir.resolve(DIR);
        this.clock = clock;
    }

    /** Where the files live. */
    public Path directory() {
        return dir;
    }

    public Path trustStore() {
        return dir.resolve("truststore.p12");
    }

    public Path caPem() {
        return dir.resolve("ca.pem");
    }

    /** The server key and chain for {@code hosts} (always with localhost, 127.0.0.1 and ::1 added). */
    public KeyMaterial serverKeyMaterial(Collection<String> hosts) throws IOException {
        Set<String> names = new LinkedHashSet<>(hosts);
        names.remove("");
        names.add("localhost");
        names.add("127.0.0.1");
        names.add("::1");
        try {
            Files.createDirectories(dir);
            KeyMaterial ca = loadOrCreateCa();
            Path serverStore = dir.resolve("server.p12");
            if (Files.exists(serverStore)) {
                KeyMaterial existing = load(serverStore, "server");
                if (covers(existing.chain().get(0), names)) {
                    return existing;
                }
            }
            KeyPair keys = CertificateBuilder.newKeyPair();
            ZonedDateTime now = ZonedDateTime.now(clock);
            X509Certificate cert = CertificateBuilder.server(
                    names.iterator().next(),
                    List.copyOf(names),
                    keys.getPublic(),
                    ca.chain().get(0),
                    ca.key(),
                    now.minusDays(1),
                    now.plusYears(2));
            KeyMaterial server =
                    new KeyMaterial(keys.getPrivate(), List.of(cert, ca.chain().get(0)));
            store(serverStore, "server", server);
            Files.writeString(dir.resolve("server.pem"), Pem.encode("CERTIFICATE", cert.getEncoded()));
            return server;
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot create the development certificates in " + dir + ": " + e, e);
        }
    }

    private KeyMaterial loadOrCreateCa() throws IOException, GeneralSecurityException {
        Path caStore = dir.resolve("ca.p12");
        if (Files.exists(caStore)) {
            return load(caStore, "ca");
        }
        KeyPair keys = CertificateBuilder.newKeyPair();
        ZonedDateTime now = ZonedDateTime.now(clock);
        X509Certificate cert =
                CertificateBuilder.selfSignedCa("Skiff development CA", keys, now.minusDays(1), now.plusYears(10));
        KeyMaterial ca = new KeyMaterial(keys.getPrivate(), List.of(cert));
        store(caStore, "ca", ca);
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("skiff-dev-ca", cert);
        write(trustStore(), trust);
        AtomicFiles.write(caPem(), Pem.encode("CERTIFICATE", cert.getEncoded()));
        return ca;
    }

    private boolean covers(X509Certificate cert, Set<String> names) throws GeneralSecurityException {
        if (cert.getNotAfter().toInstant().isBefore(clock.instant().plusSeconds(7 * 24 * 3600))) {
            return false;
        }
        Set<String> present = new LinkedHashSet<>();
        Collection<List<?>> alternatives = cert.getSubjectAlternativeNames();
        if (alternatives != null) {
            for (List<?> entry : alternatives) {
                present.add(String.valueOf(entry.get(1)));
            }
        }
        for (String name : names) {
            byte[] ip = CertificateBuilder.ipLiteral(name);
            boolean found = present.contains(name)
                    || (ip != null
                            && present.stream()
                                    .anyMatch(p -> java.util.Arrays.equals(ip, CertificateBuilder.ipLiteral(p))));
            if (!found) {
                return false;
            }
        }
        return true;
    }

    private static KeyMaterial load(Path file, String alias) throws IOException, GeneralSecurityException {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(file)) {
            ks.load(in, STORE_PASSWORD.toCharArray());
        }
        PrivateKey key = (PrivateKey) ks.getKey(alias, STORE_PASSWORD.toCharArray());
        List<X509Certificate> chain = new ArrayList<>();
        for (Certificate c : ks.getCertificateChain(alias)) {
            chain.add((X509Certificate) c);
        }
        return new KeyMaterial(key, chain);
    }

    private static void store(Path file, String alias, KeyMaterial material)
            throws IOException, GeneralSecurityException {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(null, null);
        ks.setKeyEntry(
                alias,
                material.key(),
                STORE_PASSWORD.toCharArray(),
                material.chain().toArray(new Certificate[0]));
        write(file, ks);
    }

    private static void write(Path file, KeyStore ks) throws IOException, GeneralSecurityException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (OutputStream out = Files.newOutputStream(tmp)) {
            ks.store(out, STORE_PASSWORD.toCharArray());
        }
        Files.move(
                tmp,
                file,
                java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    /** A private key with its certificate chain (leaf first). */
    public record KeyMaterial(PrivateKey key, List<X509Certificate> chain) {}
}
