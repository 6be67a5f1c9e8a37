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

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * Kafka's validation of unsecured OAuth bearer tokens (for development, as Kafka's
 * OAuthBearerUnsecuredValidatorCallbackHandler): a JWS with {@code "alg":"none"} and no signature, whose claims
 * carry the principal ({@code sub}, or the JAAS option {@code unsecuredValidatorPrincipalClaimName}), an expiry
 * {@code exp} in the future and, when {@code unsecuredValidatorRequiredScope} is set, those scopes. The JAAS option
 * {@code unsecuredValidatorAllowableClockSkewMs} widens the time checks.
 *
 * <p>Immutable; thread-safe.
 */
final class OAuthBearerValidator {
    /** A valid token: the principal name and when it expires (epoch ms). */
    record ValidToken(String principalName, long expiryMs) {}

    private final String principalClaim;
    private final String scopeClaim;
    private final List<String> requiredScope;
    private final long clockSkewMs;
    private final Clock clock;

    OAuthBearerValidator(Map<String, String> jaasOptions, Clock clock) {
        this.principalClaim = jaasOptions.getOrDefault("unsecuredValidatorPrincipalClaimName", "sub");
        this.scopeClaim = jaasOptions.getOrDefault("unsecuredValidatorScopeClaimName", "scope");
        String required = jaasOptions.getOrDefault("unsecuredValidatorRequiredScope", "");
        this.requiredScope =
                required.isBlank() ? List.of() : List.of(required.trim().split("\\s+"));
        this.clockSkewMs = Long.parseLong(jaasOptions.getOrDefault("unsecuredValidatorAllowableClockSkewMs", "0"));
        this.clock = clock;
    }

    /** Validates a compact-serialized token. @throws IllegalArgumentException saying why it is refused */
    ValidToken validate(String token) {
        String[] parts = token.split("\\.", -1);
        if (parts.length != 3 || !parts[2].isEmpty()) {
            throw new IllegalArgumentException("an unsecured JWS has three parts and an empty signature");
        }
        Map<String, Object> header = decode(parts[0]);
        if (!"none".equals(header.get("alg"))) {
            throw new IllegalArgumentException("the token's alg is not none");
        }
        Map<String, Object> claims = decode(parts[1]);
        long now = clock.millis();
        Object exp = claims.get("exp");
        if (!(exp instanceof Double expSeconds)) {
            throw new IllegalArgumentException("the token has no numeric exp claim");
        }
        long expiryMs = (long) (expSeconds * 1000);
        if (now - clockSkewMs >= expiryMs) {
            throw new IllegalArgumentException("the token expired");
        }
        if (claims.get("iat") instanceof Double iat && (long) (iat * 1000) > now + clockSkewMs) {
            throw new IllegalArgumentException("the token was issued in the future");
        }
        if (!(claims.get(principalClaim) instanceof String principal) || principal.isBlank()) {
            throw new IllegalArgumentException("the token has no " + principalClaim + " claim");
        }
        if (!requiredScope.isEmpty()) {
            Object scope = claims.get(scopeClaim);
            List<?> granted = scope instanceof List<?> list
                    ? list
                    : scope instanceof String s ? List.of(s.split("\\s+")) : List.of();
            for (String needed : requiredScope) {
                if (!granted.contains(needed)) {
                    throw new IllegalArgumentException("the token lacks scope " + needed);
                }
            }
        }
        return new ValidToken(principal, expiryMs);
    }

    private static Map<String, Object> decode(String part) {
        try {
            return Json.parseObject(new String(Base64.getUrlDecoder().decode(part), StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the token is not base64url-encoded JSON: " + e.getMessage());
        }
    }
}
