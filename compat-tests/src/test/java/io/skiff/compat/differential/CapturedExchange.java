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
package io.skiff.compat.differential;

import io.skiff.protocol.ApiMessage;
import io.skiff.protocol.ByteBufferAccessor;
import io.skiff.protocol.header.RequestHeader;
import io.skiff.protocol.header.ResponseHeader;
import io.skiff.protocol.message.ApiKeys;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * One request a real client sent to Apache Kafka 4.1.1 and the answer it got, as captured by
 * {@code dev/capture-frames.py} into {@code golden/<client>.frames} (line format: {@code request|response <apiKey>
 * <version> <correlationId> <hex>}). A request is paired with the first later response of the same API, version and
 * correlation id (connections interleave in a capture, and each starts its correlation ids anew).
 *
 * <p>Immutable; the message accessors decode anew on each call, so callers may change what they get.
 */
record CapturedExchange(String source, ApiKeys api, short version, byte[] request, byte[] response) {

    /** The exchanges of one capture file, in the order the client sent the requests. */
    static List<CapturedExchange> read(String file) {
        List<String[]> lines = new ArrayList<>();
        List<Integer> lineNumbers = new ArrayList<>();
        try (InputStream in = CapturedExchange.class.getResourceAsStream("/golden/" + file)) {
            if (in == null) {
                throw new IllegalStateException("golden/" + file + " is not on the test classpath");
            }
            String[] all = new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n");
            for (int i = 0; i < all.length; i++) {
                String[] p = all[i].trim().split(" ");
                if (p.length == 5) {
                    lines.add(p);
                    lineNumbers.add(i + 1);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<CapturedExchange> out = new ArrayList<>();
        boolean[] paired = new boolean[lines.size()];
        for (int i = 0; i < lines.size(); i++) {
            String[] p = lines.get(i);
            if (!p[0].equals("request")) {
                continue;
            }
            byte[] response = null;
            for (int j = i + 1; j < lines.size() && response == null; j++) {
                String[] r = lines.get(j);
                if (!paired[j]
                        && r[0].equals("response")
                        && r[1].equals(p[1])
                        && r[2].equals(p[2])
                        && r[3].equals(p[3])) {
                    paired[j] = true;
                    response = HexFormat.of().parseHex(r[4]);
                }
            }
            out.add(new CapturedExchange(
                    file + ":" + lineNumbers.get(i),
                    ApiKeys.forId(Short.parseShort(p[1])),
                    Short.parseShort(p[2]),
                    HexFormat.of().parseHex(p[4]),
                    response));
        }
        return out;
    }

    /** The captured request's header (for its client id). */
    RequestHeader header() {
        return RequestHeader.read(ByteBuffer.wrap(request));
    }

    /** The captured request, decoded anew. */
    ApiMessage requestBody() {
        ByteBuffer buf = ByteBuffer.wrap(request);
        RequestHeader.read(buf);
        ApiMessage body = api.newRequest();
        body.read(new ByteBufferAccessor(buf), version);
        return body;
    }

    /** Kafka's captured answer, decoded anew; null when the capture has none (acks=0). */
    ApiMessage responseBody() {
        if (response == null) {
            return null;
        }
        ByteBuffer buf = ByteBuffer.wrap(response);
        ResponseHeader.readCorrelationId(buf, api.responseHeaderVersion(version));
        ApiMessage body = api.newResponse();
        body.read(new ByteBufferAccessor(buf), version);
        return body;
    }

    @Override
    public String toString() {
        return source + " " + api.name + " v" + version;
    }
}
