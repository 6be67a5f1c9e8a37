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
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The two SCRAM mechanisms Kafka serves, their wire type (AlterUserScramCredentials' {@code mechanism}) and the
 * RFC 5802 functions over their hash: {@code Hi} (salted password), {@code HMAC}, {@code H}.
 *
 * <p>Immutable; every method is thread-safe.
 */
public enum ScramMechanism {
    SCRAM_SHA_256("SCRAM-SHA-256", (byte) 1, "SHA-256", "HmacSHA256"),
    SCRAM_SHA_512("SCRAM-SHA-512", (byte) 2, "SHA-512", "HmacSHA512");

    /** Kafka's bounds on iterations (ScramMechanism.minIterations, and the broker's maximum). */
    public static final int MIN_ITERATIONS = 4096;

    public static final int MAX_ITERATIONS = 16384;

    private final String mechanismName;
    private final byte type;
    private final String hash;
    private final String hmac;

    ScramMechanism(String mechanismName, byte type, String hash, String hmac) {
        this.mechanismName = mechanismName;
        this.type = type;
        this.hash = hash;
        this.hmac = hmac;
    }

    public String mechanismName() {
        return mechanismName;
    }

    public byte type() {
        return type;
    }

    /** By SASL name, or null. */
    public static ScramMechanism forName(String name) {
        for (ScramMechanism m : values()) {
            if (m.mechanismName.equals(name)) {
                return m;
            }
        }
        return null;
    }

    /** By wire type, or null. */
    public static ScramMechanism forType(byte type) {
        for (ScramMechanism m : values()) {
            if (m.type == type) {
                return m;
            }
        }
        return null;
    }

    byte[] hmac(byte[] key, byte[] data) {
        try {
            Mac mac = Mac.getInstance(hmac);
            mac.init(new SecretKeySpec(key, hmac));
            return mac.doFinal(data);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(hmac + " is not available", e);
        }
    }

    byte[] hash(byte[] data) {
        try {
            return MessageDigest.getInstance(hash).digest(data);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(hash + " is not available", e);
        }
    }

    /** RFC 5802 Hi(password, salt, i): the salted password. */
    public byte[] saltedPassword(String password, byte[] salt, int iterations) {
        byte[] key = password.getBytes(StandardCharsets.UTF_8);
        byte[] block = new byte[salt.length + 4];
        System.arraycopy(salt, 0, block, 0, salt.length);
        block[block.length - 1] = 1;
        byte[] u = hmac(key, block);
        byte[] result = u.clone();
        for (int i = 1; i < iterations; i++) {
            u = hmac(key, u);
            for (int j = 0; j < result.length; j++) {
                result[j] ^= u[j];
            }
        }
        return result;
    }

    /** The stored credential for a salted password. */
    public ScramCredential credential(byte[] salt, byte[] saltedPassword, int iterations) {
        byte[] clientKey = hmac(saltedPassword, "Client Key".getBytes(StandardCharsets.US_ASCII));
        byte[] serverKey = hmac(saltedPassword, "Server Key".getBytes(StandardCharsets.US_ASCII));
        return new ScramCredential(salt.clone(), hash(clientKey), serverKey, iterations);
    }
}
