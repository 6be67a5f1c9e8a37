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

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Kafka's {@code ssl.principal.mapping.rules}: a comma-separated list of {@code RULE:pattern/replacement/[LU]} and
 * {@code DEFAULT}, tried in order against a client certificate's distinguished name (RFC 2253 form, e.g.
 * {@code CN=alice,OU=eng,O=Example}). The first rule whose pattern matches the whole name gives the user name,
 * lower- or upper-cased with {@code L}/{@code U}; {@code DEFAULT} gives the name unchanged.
 *
 * <p>Immutable; thread-safe.
 */
public final class SslPrincipalMapper {
    private static final Pattern RULE =
            Pattern.compile("\\s*(?:(DEFAULT)|RULE:((?:\\\\.|[^\\\\/])*)/((?:\\\\.|[^\\\\/])*)/([LU]?))\\s*(?:,|$)");

    private final List<Rule> rules;

    private record Rule(Pattern pattern, String replacement, String caseChange) {
        boolean isDefault() {
            return pattern == null;
        }
    }

    private SslPrincipalMapper(List<Rule> rules) {
        this.rules = List.copyOf(rules);
    }

    /** @throws IllegalArgumentException when the rules do not parse */
    public static SslPrincipalMapper of(String rules) {
        String text = rules == null || rules.isBlank() ? "DEFAULT" : rules.trim();
        List<Rule> parsed = new ArrayList<>();
        Matcher m = RULE.matcher(text);
        int at = 0;
        while (at < text.length()) {
            m.region(at, text.length());
            if (!m.lookingAt() || m.end() == at) {
                throw new IllegalArgumentException("Invalid rule: " + text.substring(at));
            }
            if (m.group(1) != null) {
                parsed.add(new Rule(null, null, ""));
            } else {
                parsed.add(new Rule(Pattern.compile(m.group(2)), m.group(3), m.group(4)));
            }
            at = m.end();
        }
        return new SslPrincipalMapper(parsed);
    }

    /** The user name for a distinguished name, or null when no rule applies (Kafka refuses the client then). */
    public String name(String distinguishedName) {
        for (Rule rule : rules) {
            if (rule.isDefault()) {
                return distinguishedName;
            }
            Matcher m = rule.pattern().matcher(distinguishedName);
            if (m.matches()) {
                String result = m.replaceAll(rule.replacement());
                return switch (rule.caseChange()) {
                    case "L" -> result.toLowerCase(Locale.ENGLISH);
                    case "U" -> result.toUpperCase(Locale.ENGLISH);
                    default -> result;
                };
            }
        }
        return null;
    }
}
