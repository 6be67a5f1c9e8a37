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

import io.skiff.config.BrokerConfig;
import io.skiff.config.BrokerConfigKeys;
import io.skiff.config.ConfigException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The SASL mechanisms one listener serves ({@code sasl.enabled.mechanisms}, per listener as Kafka reads it) and
 * the authenticators for them: PLAIN with the users of the listener's JAAS configuration
 * ({@code listener.name.<listener>.plain.sasl.jaas.config}), SCRAM against the credential store, OAUTHBEARER with
 * Kafka's unsecured-token validation.
 *
 * <p>Immutable; thread-safe.
 */
public final class SaslMechanisms {
    public static final List<String> SUPPORTED = List.of("PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512", "OAUTHBEARER");

    private final List<String> enabled;
    private final Map<String, String> plainUsers;
    private final ScramCredentialStore scram;
    private final OAuthBearerValidator oauth;

    private SaslMechanisms(
            List<String> enabled,
            Map<String, String> plainUsers,
            ScramCredentialStore scram,
            OAuthBearerValidator oauth) {
        this.enabled = List.copyOf(enabled);
        this.plainUsers = Map.copyOf(plainUsers);
        this.scram = scram;
        this.oauth = oauth;
    }

    /**
     * Reads a SASL listener's mechanisms and their configuration.
     *
     * @throws ConfigException for a mechanism Skiff does not serve, or an unreadable JAAS configuration
     */
    public static SaslMechanisms forListener(
            BrokerConfig config, String listenerName, ScramCredentialStore scram, Clock clock) {
        String list = config.listenerValue(listenerName, BrokerConfigKeys.SASL_ENABLED_MECHANISMS);
        List<String> enabled = new ArrayList<>();
        for (String item : list == null ? new String[0] : list.split(",")) {
            String mechanism = item.trim().toUpperCase(Locale.ROOT);
            if (mechanism.isEmpty()) {
                continue;
            }
            if (!SUPPORTED.contains(mechanism)) {
                throw new ConfigException(
                        "sasl.enabled.mechanisms",
                        "Invalid value " + list + " for configuration sasl.enabled.mechanisms of listener "
                                + listenerName + ": Skiff serves " + String.join(", ", SUPPORTED) + " (not "
                                + mechanism + ")");
            }
            enabled.add(mechanism);
        }
        if (enabled.isEmpty()) {
            throw new ConfigException(
                    "sasl.enabled.mechanisms", "listener " + listenerName + " uses SASL but enables no mechanism");
        }
        Map<String, String> plainUsers = new LinkedHashMap<>();
        if (enabled.contains("PLAIN")) {
            String jaas = jaasConfig(config, listenerName, "PLAIN");
            if (jaas == null) {
                throw new ConfigException(
                        "sasl.jaas.config",
                        "listener " + listenerName + " enables PLAIN but has no JAAS configuration: set listener.name."
                                + listenerName.toLowerCase(Locale.ROOT) + ".plain.sasl.jaas.config");
            }
            try {
                JaasConfig.options(jaas).forEach((key, value) -> {
                    if (key.startsWith("user_")) {
                        plainUsers.put(key.substring("user_".length()), value);
                    }
                });
            } catch (IllegalArgumentException e) {
                throw new ConfigException("sasl.jaas.config", "listener " + listenerName + ": " + e.getMessage());
            }
        }
        Map<String, String> oauthOptions = Map.of();
        if (enabled.contains("OAUTHBEARER")) {
            String jaas = jaasConfig(config, listenerName, "OAUTHBEARER");
            oauthOptions = jaas == null ? Map.of() : JaasConfig.options(jaas);
        }
        return new SaslMechanisms(enabled, plainUsers, scram, new OAuthBearerValidator(oauthOptions, clock));
    }

    /** The listener-and-mechanism JAAS configuration, else the listener's, else the broker-wide one. */
    private static String jaasConfig(BrokerConfig config, String listenerName, String mechanism) {
        String value = config.listenerValue(listenerName, mechanism.toLowerCase(Locale.ROOT) + ".sasl.jaas.config");
        return value != null ? value : config.listenerValue(listenerName, BrokerConfigKeys.SASL_JAAS_CONFIG);
    }

    /** Whether {@code password} is the password of {@code user} among this listener's PLAIN users. */
    public boolean plainPasswordMatches(String user, String password) {
        String expected = plainUsers.get(user);
        return expected != null
                && MessageDigest.isEqual(
                        expected.getBytes(StandardCharsets.UTF_8),
                        password.getBytes(StandardCharsets.UTF_8));
    }

    /** Enabled mechanisms in configuration order (SaslHandshake's answer). */
    public List<String> enabled() {
        return enabled;
    }

    /** A new authenticator for an enabled mechanism, or null when it is not enabled here. */
    public SaslAuthenticator newAuthenticator(String mechanism) {
        if (!enabled.contains(mechanism)) {
            return null;
        }
        return switch (mechanism) {
            case "PLAIN" -> new PlainAuthenticator(plainUsers);
            case "SCRAM-SHA-256" -> new ScramAuthenticator(ScramMechanism.SCRAM_SHA_256, scram);
            case "SCRAM-SHA-512" -> new ScramAuthenticator(ScramMechanism.SCRAM_SHA_512, scram);
            case "OAUTHBEARER" -> new OAuthBearerAuthenticator(oauth);
            default -> null;
        };
    }
}
