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
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Cipher;
import javax.crypto.EncryptedPrivateKeyInfo;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * PEM text as Kafka accepts it for {@code ssl.keystore.type=PEM}: X.509 certificates and PKCS#8 private keys,
 * plain ({@code PRIVATE KEY}) or encrypted with {@code ssl.key.password} ({@code ENCRYPTED PRIVATE KEY}).
 *
 * <p>Stateless.
 */
final class Pem {
    private static final Pattern BLOCK =
            Pattern.compile("-----BEGIN ([A-Z ]+)-----([A-Za-z0-9+/=\\s]*?)-----END \\1-----", Pattern.DOTALL);

    private Pem() {}

    /** Every certificate in the text, in order. */
    static List<X509Certificate> certificates(String pem) throws GeneralSecurityException {
        List<X509Certificate> certs = new ArrayList<>();
        CertificateFactory factory = CertificateFactory.getInstance("X.509");
        for (byte[] der : blocks(pem, "CERTIFICATE")) {
            certs.add((X509Certificate) factory.generateCertificate(new ByteArrayInputStream(der)));
        }
        return certs;
    }

    /** The one private key in the text; {@code password} is needed when it is encrypted. */
    static PrivateKey privateKey(String pem, String password) throws GeneralSecurityException {
        List<byte[]> plain = blocks(pem, "PRIVATE KEY");
        List<byte[]> encrypted = blocks(pem, "ENCRYPTED PRIVATE KEY");
        if (plain.size() + encrypted.size() != 1) {
            throw new GeneralSecurityException("expected one PKCS#8 private key (BEGIN PRIVATE KEY or BEGIN ENCRYPTED "
                    + "PRIVATE KEY), found " + (plain.size() + encrypted.size()));
        }
        PKCS8EncodedKeySpec spec;
        if (!plain.isEmpty()) {
            spec = new PKCS8EncodedKeySpec(plain.get(0));
        } else {
            if (password == null) {
                throw new GeneralSecurityException("the private key is encrypted and ssl.key.password is not set");
            }
            EncryptedPrivateKeyInfo info;
            try {
                info = new EncryptedPrivateKeyInfo(encrypted.get(0));
            } catch (java.io.IOException e) {
                throw new GeneralSecurityException("cannot read the encrypted private key: " + e.getMessage(), e);
            }
            SecretKeyFactory factory = SecretKeyFactory.getInstance(info.getAlgName());
            Cipher cipher = Cipher.getInstance(info.getAlgName());
            cipher.init(
                    Cipher.DECRYPT_MODE,
                    factory.generateSecret(new PBEKeySpec(password.toCharArray())),
                    info.getAlgParameters());
            spec = info.getKeySpec(cipher);
        }
        GeneralSecurityException last = null;
        for (String algorithm : new String[] {"RSA", "EC", "Ed25519", "DSA"}) {
            try {
                return KeyFactory.getInstance(algorithm).generatePrivate(spec);
            } catch (GeneralSecurityException e) {
                last = e;
            }
        }
        throw new GeneralSecurityException("unsupported private key algorithm", last);
    }

    static String encode(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                        .encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }

    private static List<byte[]> blocks(String pem, String type) {
        List<byte[]> result = new ArrayList<>();
        Matcher m = BLOCK.matcher(pem);
        while (m.find()) {
            if (m.group(1).equals(type)) {
                result.add(Base64.getMimeDecoder().decode(m.group(2)));
            }
        }
        return result;
    }
}
