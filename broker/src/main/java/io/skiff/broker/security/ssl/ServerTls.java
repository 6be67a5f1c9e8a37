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

import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.skiff.broker.security.principal.KafkaPrincipal;
import io.skiff.config.BrokerConfig;
import io.skiff.config.BrokerConfigKeys;
import io.skiff.config.ConfigException;
import io.skiff.config.Key;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSession;
import javax.net.ssl.TrustManagerFactory;
import javax.security.auth.x500.X500Principal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The TLS side of one listener, from Kafka's {@code ssl.*} keys (each may be prefixed
 * {@code listener.name.<listener>.}): key store (JKS, PKCS12, or PEM from a file or inline), trust store,
 * {@code ssl.client.auth}, {@code ssl.enabled.protocols}, {@code ssl.cipher.suites}, and the principal of a client
 * certificate through {@code ssl.principal.mapping.rules}. Without a key store, the development CA's certificate.
 *
 * <p>Immutable; thread-safe (Netty's SslContext is).
 */
public final class ServerTls {
    private static final Logger LOG = LoggerFactory.getLogger(ServerTls.class);

    /**
     * The TLS engine, for measuring one against the other: {@code jdk} (the default) or {@code openssl} (Netty's
     * OpenSSL engine, which needs {@code netty-tcnative} on the class path).
     */
    static final String PROVIDER_PROPERTY = "skiff.tls.provider";

    private final SslContext context;
    private final SslPrincipalMapper principalMapper;

    private ServerTls(SslContext context, SslPrincipalMapper principalMapper) {
        this.context = context;
        this.principalMapper = principalMapper;
    }

    public SslContext context() {
        return context;
    }

    /**
     * The principal of a connection whose handshake completed: {@code User:<mapped DN>} of the client certificate,
     * {@code User:ANONYMOUS} without one.
     *
     * @throws IllegalArgumentException when no mapping rule applies to the certificate's name
     */
    public KafkaPrincipal principal(SSLSession session) {
        X500Principal peer;
        try {
            peer = (X500Principal) session.getPeerPrincipal();
        } catch (SSLPeerUnverifiedException noCertificate) {
            return KafkaPrincipal.ANONYMOUS;
        }
        String dn = peer.getName();
        String name = principalMapper.name(dn);
        if (name == null) {
            throw new IllegalArgumentException("No rules apply to " + dn);
        }
        return KafkaPrincipal.user(name);
    }

    /**
     * Builds a TLS listener's context.
     *
     * @param hosts the listener's host names, for a development certificate
     * @throws ConfigException when a key or trust store cannot be read
     */
    public static ServerTls forListener(
            BrokerConfig config, String listener, List<String> hosts, DevCertificateAuthority devCa) {
        Settings s = new Settings(config, listener);
        try {
            SslContextBuilder builder = keyMaterial(s, hosts, devCa, listener);
            builder.sslProvider(provider(System.getProperty(PROVIDER_PROPERTY, "jdk")));
            TrustManagerFactory trust = trustManagers(s);
            if (trust != null) {
                builder.trustManager(trust);
            }
            builder.clientAuth(
                    switch (s.get(BrokerConfigKeys.SSL_CLIENT_AUTH).toLowerCase(Locale.ROOT)) {
                        case "required" -> ClientAuth.REQUIRE;
                        case "requested" -> ClientAuth.OPTIONAL;
                        default -> ClientAuth.NONE;
                    });
            List<String> protocols = list(s.get(BrokerConfigKeys.SSL_ENABLED_PROTOCOLS));
            if (!protocols.isEmpty()) {
                builder.protocols(protocols);
            }
            List<String> ciphers = list(s.get(BrokerConfigKeys.SSL_CIPHER_SUITES));
            if (!ciphers.isEmpty()) {
                builder.ciphers(ciphers);
            }
            SslPrincipalMapper mapper;
            try {
                mapper = SslPrincipalMapper.of(s.get(BrokerConfigKeys.SSL_PRINCIPAL_MAPPING_RULES));
            } catch (IllegalArgumentException e) {
                throw new ConfigException("ssl.principal.mapping.rules", e.getMessage());
            }
            return new ServerTls(builder.build(), mapper);
        } catch (IOException | GeneralSecurityException | IllegalArgumentException e) {
            throw new ConfigException(
                    "ssl.keystore.location", "TLS listener " + listener + " cannot be configured: " + e.getMessage());
        }
    }

    /**
     * The engine {@code chosen} names ({@value #PROVIDER_PROPERTY}); OpenSsl is only looked at when asked for, as it
     * loads a native library.
     *
     * @throws ConfigException for another name, or openssl without netty-tcnative
     */
    static SslProvider provider(String chosen) {
        if (chosen.equalsIgnoreCase("jdk")) {
            return SslProvider.JDK;
        }
        if (!chosen.equalsIgnoreCase("openssl")) {
            throw new ConfigException(PROVIDER_PROPERTY, "'" + chosen + "' is not a TLS engine: jdk or openssl");
        }
        if (!OpenSsl.isAvailable()) {
            throw new ConfigException(
                    PROVIDER_PROPERTY,
                    "the OpenSSL engine is not available (netty-tcnative on the class path?): "
                            + OpenSsl.unavailabilityCause());
        }
        return SslProvider.OPENSSL;
    }

    private static SslContextBuilder keyMaterial(
            Settings s, List<String> hosts, DevCertificateAuthority devCa, String listener)
            throws IOException, GeneralSecurityException {
        String type = s.get(BrokerConfigKeys.SSL_KEYSTORE_TYPE).toUpperCase(Locale.ROOT);
        String location = s.get(BrokerConfigKeys.SSL_KEYSTORE_LOCATION);
        String keyPassword = s.get(BrokerConfigKeys.SSL_KEY_PASSWORD);
        String inlineChain = s.get(BrokerConfigKeys.SSL_KEYSTORE_CERTIFICATE_CHAIN);
        if (type.equals("PEM")) {
            String chainPem;
            String keyPem;
            if (inlineChain != null) {
                chainPem = inlineChain;
                keyPem = s.get(BrokerConfigKeys.SSL_KEYSTORE_KEY);
                if (keyPem == null) {
                    throw new GeneralSecurityException(
                            "ssl.keystore.certificate.chain is set but ssl.keystore.key is not");
                }
            } else if (location != null) {
                chainPem = Files.readString(Path.of(location), StandardCharsets.US_ASCII);
                keyPem = chainPem;
            } else {
                throw new GeneralSecurityException("ssl.keystore.type=PEM needs ssl.keystore.location or "
                        + "ssl.keystore.certificate.chain and ssl.keystore.key");
            }
            PrivateKey key = Pem.privateKey(keyPem, keyPassword);
            List<X509Certificate> chain = Pem.certificates(chainPem);
            if (chain.isEmpty()) {
                throw new GeneralSecurityException("no certificate in the PEM key store");
            }
            return SslContextBuilder.forServer(key, chain.toArray(new X509Certificate[0]));
        }
        if (location == null) {
            DevCertificateAuthority.KeyMaterial dev = devCa.serverKeyMaterial(hosts);
            LOG.info(
                    "TLS listener {} has no ssl.keystore.location: it uses a development certificate from {}. Clients "
                            + "trust it with ssl.truststore.location={} ssl.truststore.type=PKCS12 "
                            + "ssl.truststore.password={} (kcat: ssl.ca.location={})",
                    listener,
                    devCa.directory(),
                    devCa.trustStore(),
                    DevCertificateAuthority.STORE_PASSWORD,
                    devCa.caPem());
            return SslContextBuilder.forServer(dev.key(), dev.chain().toArray(new X509Certificate[0]));
        }
        String storePassword = s.get(BrokerConfigKeys.SSL_KEYSTORE_PASSWORD);
        KeyStore ks = KeyStore.getInstance(type);
        try (InputStream in = Files.newInputStream(Path.of(location))) {
            ks.load(in, storePassword == null ? null : storePassword.toCharArray());
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        String password = keyPassword != null ? keyPassword : storePassword;
        kmf.init(ks, password == null ? new char[0] : password.toCharArray());
        return SslContextBuilder.forServer(kmf);
    }

    private static TrustManagerFactory trustManagers(Settings s) throws IOException, GeneralSecurityException {
        String type = s.get(BrokerConfigKeys.SSL_TRUSTSTORE_TYPE).toUpperCase(Locale.ROOT);
        String location = s.get(BrokerConfigKeys.SSL_TRUSTSTORE_LOCATION);
        String inline = s.get(BrokerConfigKeys.SSL_TRUSTSTORE_CERTIFICATES);
        KeyStore ks;
        if (type.equals("PEM")) {
            String pem = inline != null
                    ? inline
                    : location != null ? Files.readString(Path.of(location), StandardCharsets.US_ASCII) : null;
            if (pem == null) {
                return null;
            }
            ks = KeyStore.getInstance("PKCS12");
            ks.load(null, null);
            int i = 0;
            for (X509Certificate cert : Pem.certificates(pem)) {
                ks.setCertificateEntry("trusted-" + i++, cert);
            }
        } else {
            if (location == null) {
                return null;
            }
            String password = s.get(BrokerConfigKeys.SSL_TRUSTSTORE_PASSWORD);
            ks = KeyStore.getInstance(type);
            try (InputStream in = Files.newInputStream(Path.of(location))) {
                ks.load(in, password == null ? null : password.toCharArray());
            }
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(ks);
        return tmf;
    }

    private static List<String> list(String value) {
        List<String> items = new ArrayList<>();
        if (value != null) {
            for (String item : value.split(",")) {
                if (!item.isBlank()) {
                    items.add(item.trim());
                }
            }
        }
        return items;
    }

    /** A listener's view of the ssl keys. */
    private record Settings(BrokerConfig config, String listener) {
        String get(Key<?> key) {
            return config.listenerValue(listener, key);
        }
    }
}
