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

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

/**
 * The few DER (X.690) encodings an X.509 certificate needs: each method returns one complete element (tag, length,
 * content).
 *
 * <p>Stateless.
 */
final class Der {
    private Der() {}

    static byte[] element(int tag, byte[]... contents) {
        ByteArrayOutputStream content = new ByteArrayOutputStream();
        for (byte[] c : contents) {
            content.writeBytes(c);
        }
        byte[] body = content.toByteArray();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(tag);
        int length = body.length;
        if (length < 0x80) {
            out.write(length);
        } else {
            int bytes = length > 0xFFFFFF ? 4 : length > 0xFFFF ? 3 : length > 0xFF ? 2 : 1;
            out.write(0x80 | bytes);
            for (int i = bytes - 1; i >= 0; i--) {
                out.write(length >>> (8 * i));
            }
        }
        out.writeBytes(body);
        return out.toByteArray();
    }

    static byte[] sequence(byte[]... contents) {
        return element(0x30, contents);
    }

    static byte[] set(byte[]... contents) {
        return element(0x31, contents);
    }

    static byte[] integer(BigInteger value) {
        return element(0x02, value.toByteArray());
    }

    static byte[] bool(boolean value) {
        return element(0x01, new byte[] {(byte) (value ? 0xFF : 0x00)});
    }

    static byte[] octetString(byte[] value) {
        return element(0x04, value);
    }

    static byte[] bitString(byte[] value, int unusedBits) {
        byte[] content = new byte[value.length + 1];
        content[0] = (byte) unusedBits;
        System.arraycopy(value, 0, content, 1, value.length);
        return element(0x03, content);
    }

    static byte[] utf8(String value) {
        return element(0x0C, value.getBytes(StandardCharsets.UTF_8));
    }

    /** Context-specific constructed tag {@code [n]} around an element (EXPLICIT tagging). */
    static byte[] explicit(int n, byte[] content) {
        return element(0xA0 | n, content);
    }

    /** Context-specific primitive tag {@code [n]} with raw content (IMPLICIT tagging of a primitive). */
    static byte[] implicit(int n, byte[] content) {
        return element(0x80 | n, content);
    }

    /** UTCTime until 2049, GeneralizedTime from 2050 (RFC 5280 4.1.2.5). */
    static byte[] time(ZonedDateTime when) {
        ZonedDateTime utc = when.withZoneSameInstant(ZoneOffset.UTC);
        if (utc.getYear() < 2050) {
            return element(
                    0x17,
                    DateTimeFormatter.ofPattern("yyMMddHHmmss'Z'").format(utc).getBytes(StandardCharsets.US_ASCII));
        }
        return element(
                0x18,
                DateTimeFormatter.ofPattern("yyyyMMddHHmmss'Z'").format(utc).getBytes(StandardCharsets.US_ASCII));
    }

    static byte[] oid(String dotted) {
        String[] parts = dotted.split("\\.");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(Integer.parseInt(parts[0]) * 40 + Integer.parseInt(parts[1]));
        for (int i = 2; i < parts.length; i++) {
            long value = Long.parseLong(parts[i]);
            int groups = 1;
            while ((value >>> (7 * groups)) != 0) {
                groups++;
            }
            for (int g = groups - 1; g >= 0; g--) {
                int b = (int) ((value >>> (7 * g)) & 0x7F);
                out.write(g == 0 ? b : b | 0x80);
            }
        }
        return element(0x06, out.toByteArray());
    }
}
