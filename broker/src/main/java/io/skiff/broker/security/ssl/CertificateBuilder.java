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

import java.io.ByteArrayInputStream;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * Issues X.509 v3 certificates with EC P-256 keys and ECDSA-SHA256 signatures, written in DER by hand because the
 * JDK has no public API for it: a self-signed CA, and server certificates signed by it whose subject alternative
 * names list the host names and IP addresses clients connect to (clients verify them).
 *
 * <p>Stateless; thread-safe.
 */
final class CertificateBuilder {
    private static final String ECDSA_SHA256 = "1.2.840.10045.4.3.2";
    private static final SecureRandom RANDOM = new SecureRandom();

    private CertificateBuilder() {}

    static KeyPair newKeyPair() throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        return generator.generateKeyPair();
    }

    /** A self-signed CA certificate. */
    static X509Certificate selfSignedCa(
            String commonName, KeyPair keys, ZonedDateTime notBefore, ZonedDateTime notAfter)
            throws GeneralSecurityException {
        byte[] name = name(commonName);
        byte[] extensions = Der.sequence(
                extension("2.5.29.19", true, Der.sequence(Der.bool(true))),
                // keyCertSign and cRLSign
                extension("2.5.29.15", true, Der.bitString(new byte[] {0x06}, 1)),
                extension("2.5.29.14", false, Der.octetString(keyId(keys.getPublic()))));
        return sign(name, name, keys.getPublic(), keys.getPrivate(), notBefore, notAfter, extensions);
    }

    /** A server certificate for {@code hosts} (names or IP literals), signed by the CA. */
    static X509Certificate server(
            String commonName,
            List<String> hosts,
            PublicKey serverKey,
            X509Certificate ca,
            PrivateKey caKey,
            ZonedDateTime notBefore,
            ZonedDateTime notAfter)
            throws GeneralSecurityException {
        List<byte[]> altNames = new ArrayList<>();
        for (String host : hosts) {
            byte[] ip = ipLiteral(host);
            altNames.add(
                    ip != null
                            ? Der.implicit(7, ip)
                            : Der.implicit(2, host.getBytes(java.nio.charset.StandardCharsets.US_ASCII)));
        }
        byte[] extensions = Der.sequence(
                extension("2.5.29.19", true, Der.sequence()),
                // digitalSignature and keyEncipherment
                extension("2.5.29.15", true, Der.bitString(new byte[] {(byte) 0xA0}, 5)),
                extension("2.5.29.37", false, Der.sequence(Der.oid("1.3.6.1.5.5.7.3.1"))),
                extension("2.5.29.17", false, Der.sequence(altNames.toArray(new byte[0][]))),
                extension("2.5.29.14", false, Der.octetString(keyId(serverKey))),
                extension("2.5.29.35", false, Der.sequence(Der.implicit(0, keyId(ca.getPublicKey())))));
        return sign(
                name(commonName),
                ca.getSubjectX500Principal().getEncoded(),
                serverKey,
                caKey,
                notBefore,
                notAfter,
                extensions);
    }

    private static X509Certificate sign(
            byte[] subject,
            byte[] issuer,
            PublicKey subjectKey,
            PrivateKey signingKey,
            ZonedDateTime notBefore,
            ZonedDateTime notAfter,
            byte[] extensions)
            throws GeneralSecurityException {
        byte[] algorithm = Der.sequence(Der.oid(ECDSA_SHA256));
        byte[] tbs = Der.sequence(
                Der.explicit(0, Der.integer(BigInteger.TWO)),
                Der.integer(new BigInteger(127, RANDOM).add(BigInteger.ONE)),
                algorithm,
                issuer,
                Der.sequence(Der.time(notBefore), Der.time(notAfter)),
                subject,
                subjectKey.getEncoded(),
                Der.explicit(3, extensions));
        Signature signer = Signature.getInstance("SHA256withECDSA");
        signer.initSign(signingKey);
        signer.update(tbs);
        byte[] certificate = Der.sequence(tbs, algorithm, Der.bitString(signer.sign(), 0));
        return (X509Certificate)
                CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(certificate));
    }

    private static byte[] name(String commonName) {
        return Der.sequence(
                Der.set(Der.sequence(Der.oid("2.5.4.10"), Der.utf8("Skiff development"))),
                Der.set(Der.sequence(Der.oid("2.5.4.3"), Der.utf8(commonName))));
    }

    private static byte[] extension(String oid, boolean critical, byte[] value) {
        return critical
                ? Der.sequence(Der.oid(oid), Der.bool(true), Der.octetString(value))
                : Der.sequence(Der.oid(oid), Der.octetString(value));
    }

    private static byte[] keyId(PublicKey key) throws GeneralSecurityException {
        return MessageDigest.getInstance("SHA-1").digest(key.getEncoded());
    }

    /** The address bytes of an IPv4/IPv6 literal, or null for a host name. */
    static byte[] ipLiteral(String host) {
        boolean ipv4 = host.matches("[0-9]{1,3}(\\.[0-9]{1,3}){3}");
        if (!ipv4 && !host.contains(":")) {
            return null;
        }
        try {
            return InetAddress.getByName(host).getAddress(); // a literal: no lookup
        } catch (UnknownHostException e) {
            return null;
        }
    }
}
