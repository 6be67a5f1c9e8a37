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
package io.skiff.config;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code listeners}, {@code advertised.listeners} and {@code listener.security.protocol.map}
 * with Kafka's syntax and Skiff's limits (PLAINTEXT only).
 *
 * <p>Thread-safety: stateless.
 */
final class Listeners {
    private static final Pattern URI = Pattern.compile("^(.*)://\\[?([0-9a-zA-Z\\-%._:]*)]?:(-?[0-9]+)$");
    static final Set<String> PROTOCOLS = Set.of("PLAINTEXT", "SSL", "SASL_PLAINTEXT", "SASL_SSL");

    private Listeners() {}

    /** Parses a comma-separated list of listener URIs; names are upper-cased. */
    static List<Endpoint> parse(String key, String value, String origin) {
        List<Endpoint> endpoints = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (String item : value.split(",")) {
            String uri = item.trim();
            if (uri.isEmpty()) {
                continue;
            }
            Matcher m = URI.matcher(uri);
            if (!m.matches() || m.group(1).isEmpty()) {
                throw ConfigException.invalid(
                        key,
                        value,
                        origin,
                        "expected comma-separated listener URIs NAME://host:port, e.g. PLAINTEXT://127.0.0.1:9092 ('"
                                + uri + "' is not one)");
            }
            int port;
            try {
                port = Integer.parseInt(m.group(3));
            } catch (NumberFormatException e) {
                port = -1;
            }
            if (port < 0 || port > 65535) {
                throw ConfigException.invalid(key, value, origin, "port of '" + uri + "' must be between 0 and 65535");
            }
            String name = m.group(1).toUpperCase(Locale.ROOT);
            if (!names.add(name)) {
                throw ConfigException.invalid(
                        key, value, origin, "each listener name may appear once ('" + name + "' repeats)");
            }
            endpoints.add(new Endpoint(name, m.group(2), port));
        }
        if (endpoints.isEmpty()) {
            throw ConfigException.invalid(key, value, origin, "at least one listener URI NAME://host:port");
        }
        return endpoints;
    }

    /** Parses NAME:PROTOCOL pairs; names upper-cased. */
    static Map<String, String> parseProtocolMap(String key, String value, String origin) {
        Map<String, String> map = new LinkedHashMap<>();
        for (String item : value.split(",")) {
            String pair = item.trim();
            if (pair.isEmpty()) {
                continue;
            }
            int colon = pair.indexOf(':');
            String name = colon < 0 ? "" : pair.substring(0, colon).trim().toUpperCase(Locale.ROOT);
            String protocol = colon < 0 ? "" : pair.substring(colon + 1).trim().toUpperCase(Locale.ROOT);
            if (name.isEmpty() || !PROTOCOLS.contains(protocol)) {
                throw ConfigException.invalid(
                        key,
                        value,
                        origin,
                        "expected NAME:PROTOCOL pairs with PROTOCOL one of PLAINTEXT, SSL, SASL_PLAINTEXT, SASL_SSL ('"
                                + pair + "')");
            }
            map.put(name, protocol);
        }
        return map;
    }

    /** Parses a comma-separated list of names, upper-cased. */
    static Set<String> parseNames(String value) {
        Set<String> names = new HashSet<>();
        if (value != null) {
            for (String item : value.split(",")) {
                if (!item.isBlank()) {
                    names.add(item.trim().toUpperCase(Locale.ROOT));
                }
            }
        }
        return names;
    }
}
