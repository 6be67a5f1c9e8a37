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

import io.skiff.broker.security.acl.AclStore;
import io.skiff.broker.security.acl.StandardAuthorizer;
import io.skiff.broker.security.sasl.SaslMechanisms;
import io.skiff.broker.security.sasl.ScramCredentialStore;
import io.skiff.broker.security.ssl.DevCertificateAuthority;
import io.skiff.broker.security.ssl.ServerTls;
import io.skiff.config.BrokerConfig;
import io.skiff.config.BrokerConfigKeys;
import io.skiff.config.ConfigException;
import io.skiff.config.Endpoint;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Everything the broker knows about security, built once at start from the configuration and the data directory:
 * each listener's protocol, TLS context and SASL mechanisms, its {@code connections.max.reauth.ms}, the SCRAM
 * credential store, and the ACL authorizer when {@code authorizer.class.name} names one.
 *
 * <p>Immutable after {@link #open}; the credential store is thread-safe.
 */
public final class BrokerSecurity {
    private final Map<String, SecurityProtocol> protocols;
    private final Map<String, ServerTls> tls;
    private final Map<String, SaslMechanisms> sasl;
    private final Map<String, Long> maxReauthMs;
    private final ScramCredentialStore scram;
    private final StandardAuthorizer authorizer;
    private final BrokerConfig config; // null for none()
    private final DevCertificateAuthority devCa; // null for none()

    private BrokerSecurity(
            Map<String, SecurityProtocol> protocols,
            Map<String, ServerTls> tls,
            Map<String, SaslMechanisms> sasl,
            Map<String, Long> maxReauthMs,
            ScramCredentialStore scram,
            StandardAuthorizer authorizer,
            BrokerConfig config,
            DevCertificateAuthority devCa) {
        this.authorizer = authorizer;
        this.config = config;
        this.devCa = devCa;
        this.protocols = Map.copyOf(protocols);
        this.tls = Map.copyOf(tls);
        this.sasl = Map.copyOf(sasl);
        this.maxReauthMs = Map.copyOf(maxReauthMs);
        this.scram = scram;
    }

    /**
     * Reads the listeners' security configuration; makes the development CA when a TLS listener has no key store.
     *
     * @throws ConfigException when a listener's security settings are invalid
     * @throws IOException     when the credential store cannot be read
     */
    public static BrokerSecurity open(BrokerConfig config, Path dataDir, Clock clock) throws IOException {
        ScramCredentialStore scram = ScramCredentialStore.open(dataDir);
        DevCertificateAuthority devCa = new DevCertificateAuthority(dataDir, clock);
        Map<String, SecurityProtocol> protocols = new HashMap<>();
        Map<String, ServerTls> tls = new HashMap<>();
        Map<String, SaslMechanisms> sasl = new HashMap<>();
        Map<String, Long> reauth = new HashMap<>();
        for (Endpoint listener : config.listeners()) {
            String name = listener.listenerName();
            SecurityProtocol protocol = SecurityProtocol.of(config.securityProtocol(name));
            protocols.put(name, protocol);
            if (protocol.usesTls()) {
                tls.put(name, ServerTls.forListener(config, name, hosts(config, name), devCa));
            }
            if (protocol.usesSasl()) {
                sasl.put(name, SaslMechanisms.forListener(config, name, scram, clock));
                String value = config.listenerValue(name, BrokerConfigKeys.CONNECTIONS_MAX_REAUTH_MS);
                try {
                    reauth.put(name, value == null ? 0L : Long.parseLong(value.trim()));
                } catch (NumberFormatException e) {
                    throw new ConfigException(
                            "connections.max.reauth.ms", "Invalid value " + value + " for listener " + name);
                }
            }
        }
        return new BrokerSecurity(protocols, tls, sasl, reauth, scram, authorizer(config, dataDir), config, devCa);
    }

    /** Kafka's class names of the ACL authorizer (KRaft's, and the ZooKeeper-era one a copied file may name). */
    private static final Set<String> STANDARD_AUTHORIZERS = Set.of(
            "org.apache.kafka.metadata.authorizer.StandardAuthorizer", "kafka.security.authorizer.AclAuthorizer");

    private static StandardAuthorizer authorizer(BrokerConfig config, Path dataDir) throws IOException {
        String className = String.valueOf(config.get(BrokerConfigKeys.AUTHORIZER_CLASS_NAME))
                .trim();
        if (className.isEmpty() || className.equals("null")) {
            return null;
        }
        if (!STANDARD_AUTHORIZERS.contains(className)) {
            throw new ConfigException(
                    "authorizer.class.name",
                    "Invalid value " + className + " for configuration authorizer.class.name: Skiff provides "
                            + "org.apache.kafka.metadata.authorizer.StandardAuthorizer only");
        }
        Set<String> superUsers = new HashSet<>();
        String configured = config.get(BrokerConfigKeys.SUPER_USERS);
        if (configured != null) {
            for (String user : configured.split(";")) {
                if (!user.isBlank()) {
                    superUsers.add(user.trim());
                }
            }
        }
        return new StandardAuthorizer(
                AclStore.open(dataDir), superUsers, config.get(BrokerConfigKeys.ALLOW_EVERYONE_IF_NO_ACL_FOUND));
    }

    /** A broker with PLAINTEXT listeners only and no credential store (handler tests). */
    public static BrokerSecurity none() {
        return new BrokerSecurity(Map.of(), Map.of(), Map.of(), Map.of(), null, null, null, null);
    }

    /** The listener's host names and the advertised ones: what a development certificate must name. */
    private static List<String> hosts(BrokerConfig config, String listener) {
        List<String> hosts = new ArrayList<>();
        for (Endpoint e : config.listeners()) {
            if (e.listenerName().equals(listener)) {
                hosts.add(e.host());
            }
        }
        for (Endpoint e : config.advertisedListeners()) {
            if (e.listenerName().equals(listener)) {
                hosts.add(e.host());
            }
        }
        return hosts;
    }

    public SecurityProtocol protocol(String listener) {
        return protocols.getOrDefault(listener, SecurityProtocol.PLAINTEXT);
    }

    /** The TLS context of a TLS listener, or null. */
    public ServerTls tls(String listener) {
        return tls.get(listener);
    }

    /**
     * The TLS context of a side listener that is not a Kafka listener (the schema registry's {@code https://}
     * listener): Kafka's {@code ssl.*} keys prefixed {@code listener.name.<name>.}, else the broker-wide ones, else
     * the development CA's certificate for {@code hosts} (the one the broker's own TLS listeners use without a key
     * store).
     *
     * @throws ConfigException when a key or trust store cannot be read
     */
    public ServerTls sideListenerTls(String name, List<String> hosts) {
        if (config == null) {
            throw new IllegalStateException("a broker without security settings has no TLS material");
        }
        return ServerTls.forListener(config, name, hosts, devCa);
    }

    /** Where the development CA keeps its files (clients trust its {@code ca.pem}), or null. */
    public Path devCaDirectory() {
        return devCa == null ? null : devCa.directory();
    }

    /**
     * Whether {@code password} is the password of {@code user} for the broker's SASL users: a PLAIN user of any SASL
     * listener's JAAS configuration ({@code user_<name>="password"}) or a SCRAM credential (either mechanism).
     * Thread-safe.
     */
    public boolean passwordMatches(String user, String password) {
        for (SaslMechanisms mechanisms : sasl.values()) {
            if (mechanisms.plainPasswordMatches(user, password)) {
                return true;
            }
        }
        return scram != null && scram.passwordMatches(user, password);
    }

    /** Whether any listener authenticates with SASL. */
    public boolean anySasl() {
        return !sasl.isEmpty();
    }

    /** The SASL mechanisms of a SASL listener, or null. */
    public SaslMechanisms sasl(String listener) {
        return sasl.get(listener);
    }

    /** connections.max.reauth.ms of a SASL listener (0 = sessions do not end). */
    public long maxReauthMs(String listener) {
        return maxReauthMs.getOrDefault(listener, 0L);
    }

    /** The ACL authorizer, or null when none is configured (everything is allowed). */
    public StandardAuthorizer authorizer() {
        return authorizer;
    }

    /** The SCRAM credentials (null only for {@link #none()}). */
    public ScramCredentialStore scramCredentials() {
        return scram;
    }
}
