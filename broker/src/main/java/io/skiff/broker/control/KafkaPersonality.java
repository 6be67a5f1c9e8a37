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
package io.skiff.broker.control;

import io.skiff.broker.feature.Features;
import io.skiff.broker.handler.ApiHandler;
import io.skiff.broker.handler.HandlerRegistry;
import io.skiff.protocol.message.ApiKeys;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A version personality ({@code skiff.emulate.kafka.version}): the broker answers as that Apache Kafka release does
 * by default. Each API is served at the intersection of Skiff's range and the release's (an API the release lacked,
 * or whose intersection is empty, is not served at all), so ApiVersions advertises what the release advertised and a
 * request at a version it lacked closes the connection, as Kafka's request parser does. Releases before 4.0 finalize
 * no feature Skiff implements ({@code group.version}, {@code transaction.version}), so clients see neither the
 * consumer group protocol (KIP-848) nor transactions V2 (KIP-890).
 *
 * <p>The ranges come from Kafka's own request schemas of each release line (resource {@code kafka-api-versions.tsv}).
 *
 * <p>Immutable.
 */
public final class KafkaPersonality {
    private static final Logger LOG = LoggerFactory.getLogger(KafkaPersonality.class);
    private static final String RESOURCE = "kafka-api-versions.tsv";

    /** The version range of one API in a release. */
    public record Range(short min, short max) {}

    private final String release;
    private final Map<ApiKeys, Range> ranges;

    private KafkaPersonality(String release, Map<ApiKeys, Range> ranges) {
        this.release = release;
        this.ranges = ranges;
    }

    /**
     * The personality of a release line, e.g. {@code 3.6}.
     *
     * @throws IllegalArgumentException when the line is not one Skiff knows (2.8 to 4.4)
     */
    public static KafkaPersonality of(String release) {
        Map<ApiKeys, Range> ranges = new EnumMap<>(ApiKeys.class);
        try (InputStream in = KafkaPersonality.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("resource " + RESOURCE + " is missing");
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (line.startsWith("#") || line.isBlank()) {
                    continue;
                }
                String[] f = line.split("\t");
                if (!f[0].equals(release)) {
                    continue;
                }
                ApiKeys api = ApiKeys.forId(Integer.parseInt(f[1]));
                if (api != null) {
                    ranges.put(api, new Range(Short.parseShort(f[3]), Short.parseShort(f[4])));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (ranges.isEmpty()) {
            throw new IllegalArgumentException("skiff.emulate.kafka.version: unknown Kafka release " + release);
        }
        return new KafkaPersonality(release, ranges);
    }

    public String release() {
        return release;
    }

    /** The release's range of an API, or null when it did not serve it. */
    public Range range(ApiKeys api) {
        return ranges.get(api);
    }

    /** Narrows the registered handlers and the features to the release's. Call before connections are accepted. */
    public void applyTo(HandlerRegistry registry, Features features) {
        for (ApiHandler<?, ?> handler : registry.handlers()) {
            Range range = ranges.get(handler.api());
            short min = range == null ? 0 : (short) Math.max(range.min(), handler.minVersion());
            short max = range == null ? -1 : (short) Math.min(range.max(), handler.maxVersion());
            if (max < min) {
                registry.replace(handler.api(), null);
            } else if (min != handler.minVersion() || max != handler.maxVersion()) {
                registry.replace(handler.api(), limited(handler, min, max));
            }
        }
        if (major() < 4) {
            features.retainOnly(f -> false);
        }
        LOG.info(
                "Emulating Apache Kafka {}: {} APIs served at that release's versions",
                release,
                registry.handlers().size());
    }

    private int major() {
        return Integer.parseInt(release.substring(0, release.indexOf('.')));
    }

    private static <Q extends io.skiff.protocol.ApiMessage, S extends io.skiff.protocol.ApiMessage>
            ApiHandler<Q, S> limited(ApiHandler<Q, S> handler, short min, short max) {
        return new LimitedHandler<>(handler, min, max);
    }
}
