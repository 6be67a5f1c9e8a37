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
package io.skiff.broker.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.protocol.Errors;
import io.skiff.protocol.Uuids;
import io.skiff.testsupport.MutableClock;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** GetTelemetrySubscriptions and PushTelemetry as Kafka 4.4's ClientMetricsManager answers them. */
class ClientTelemetryTest {
    private final MutableClock clock = new MutableClock(10_000_000L);
    private final ClientTelemetry telemetry = ClientTelemetry.inMemory(clock, 1000);
    private final ClientDescription java =
            new ClientDescription("app-1", "apache-kafka-java", "4.4.0", "127.0.0.1", 5000, "c1");

    /** A MetricsData protobuf with one resource, one scope and these metrics (names only). */
    static byte[] metricsData(String... names) {
        ByteArrayOutputStream metrics = new ByteArrayOutputStream();
        for (String name : names) {
            byte[] metric = field(1, name.getBytes(StandardCharsets.UTF_8));
            metrics.writeBytes(field(2, metric));
        }
        return field(1, field(2, metrics.toByteArray()));
    }

    private static byte[] field(int number, byte[] content) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(number << 3 | 2);
        int length = content.length;
        while (length >= 0x80) {
            out.write(length & 0x7f | 0x80);
            length >>>= 7;
        }
        out.write(length);
        out.writeBytes(content);
        return out.toByteArray();
    }

    @Test
    void withoutSubscriptionsAClientIsToldToPushNothingEveryFiveMinutes() {
        ClientTelemetry.SubscriptionAnswer answer = telemetry.getSubscriptions(Uuids.ZERO, java);
        assertEquals(Errors.NONE, answer.error());
        assertNotEquals(Uuids.ZERO, answer.clientInstanceId());
        assertEquals(List.of(), answer.requestedMetrics());
        assertEquals(300_000, answer.pushIntervalMs());
        assertEquals(1000, answer.telemetryMaxBytes());
        assertEquals(List.of((byte) 4, (byte) 3, (byte) 1, (byte) 2), answer.acceptedCompressionTypes());
        assertTrue(answer.deltaTemporality());
        // Asking again before the interval: throttled, as Kafka.
        assertEquals(
                Errors.THROTTLING_QUOTA_EXCEEDED,
                telemetry.getSubscriptions(answer.clientInstanceId(), java).error());
    }

    @Test
    void subscriptionsMatchClientsAndPushesAreCheckedAndKept() throws Exception {
        telemetry.alter(
                "producers",
                Map.of(
                        "metrics",
                        "org.apache.kafka.producer., org.apache.kafka.client.",
                        "interval.ms",
                        "1000",
                        "match",
                        "client_software_name=apache-kafka-java,client_id=app-.*"),
                false);
        telemetry.alter("everything", Map.of("metrics", "*", "interval.ms", "2000", "match", "client_id=other"), false);
        ClientTelemetry.SubscriptionAnswer answer = telemetry.getSubscriptions(Uuids.ZERO, java);
        UUID id = answer.clientInstanceId();
        assertEquals(1000, answer.pushIntervalMs());
        assertEquals(
                List.of("org.apache.kafka.client.", "org.apache.kafka.producer."),
                answer.requestedMetrics().stream().sorted().toList());
        int sub = answer.subscriptionId();

        byte[] data = metricsData("org.apache.kafka.producer.record.queue.time.avg", "org.apache.kafka.client.x");
        assertEquals(Errors.INVALID_REQUEST, telemetry.push(Uuids.ZERO, sub, false, (byte) 0, data, java));
        assertEquals(Errors.UNKNOWN_SUBSCRIPTION_ID, telemetry.push(id, sub + 1, false, (byte) 0, data, java));
        clock.advance(1000);
        assertEquals(Errors.UNSUPPORTED_COMPRESSION_TYPE, telemetry.push(id, sub, false, (byte) 9, data, java));
        clock.advance(1000);
        assertEquals(Errors.TELEMETRY_TOO_LARGE, telemetry.push(id, sub, false, (byte) 0, new byte[1001], java));
        clock.advance(1000);
        ByteArrayOutputStream gzipped = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(gzipped)) {
            gz.write(data);
        }
        assertEquals(Errors.NONE, telemetry.push(id, sub, false, (byte) 1, gzipped.toByteArray(), java));
        assertEquals(
                Errors.THROTTLING_QUOTA_EXCEEDED,
                telemetry.push(id, sub, false, (byte) 0, data, java),
                "a second push within the interval");
        assertEquals(Errors.NONE, telemetry.push(id, sub, true, (byte) 0, data, java), "a terminating push is taken");
        clock.advance(5000);
        assertEquals(Errors.INVALID_REQUEST, telemetry.push(id, sub, false, (byte) 0, data, java), "after terminating");

        List<PushedMetrics> kept = telemetry.store().of(id);
        assertEquals(2, kept.size());
        assertEquals(
                List.of("org.apache.kafka.producer.record.queue.time.avg", "org.apache.kafka.client.x"),
                kept.get(0).metricNames());
        assertTrue(kept.get(1).terminating());

        // A changed subscription gives the client a new subscription id at its next request.
        telemetry.alter("producers", Map.of("metrics", "org.apache.kafka.producer."), false);
        UUID other = telemetry.getSubscriptions(Uuids.ZERO, java).clientInstanceId();
        assertNotEquals(id, other);
    }

    @Test
    void subscriptionConfigsAreCheckedAsKafkaChecksThemAndPersisted(@TempDir Path dir) throws Exception {
        ClientTelemetry first = ClientTelemetry.open(dir, clock);
        assertEquals(
                "Invalid value 99 for interval.ms, interval must be between 100 and 3600000 (1 hour)",
                assertThrows(
                                ClientMetricsConfigException.class,
                                () -> first.alter("s", Map.of("interval.ms", "99"), false))
                        .getMessage());
        ClientMetricsConfigException bad = assertThrows(
                ClientMetricsConfigException.class, () -> first.alter("s", Map.of("match", "foo=bar"), false));
        assertEquals(Errors.INVALID_CONFIG, bad.error());
        assertEquals("Illegal client matching pattern: foo=bar", bad.getMessage());
        assertEquals(
                Errors.INVALID_REQUEST,
                assertThrows(ClientMetricsConfigException.class, () -> first.alter("s", Map.of("x", "1"), false))
                        .error());
        first.alter("s", Map.of("metrics", "a.b", "interval.ms", "1000"), false);
        first.alter("gone", Map.of("metrics", "c"), false);
        first.alter("gone", Map.of(), false);
        assertEquals(
                List.of("s"),
                List.copyOf(ClientTelemetry.open(dir, clock).subscriptions().keySet()));
        assertEquals(
                Map.of("metrics", "a.b", "interval.ms", "1000"),
                ClientTelemetry.open(dir, clock).configs("s"));
    }
}
