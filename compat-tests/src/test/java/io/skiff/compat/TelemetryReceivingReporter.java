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
package io.skiff.compat;

import java.util.List;
import java.util.Map;
import org.apache.kafka.common.metrics.KafkaMetric;
import org.apache.kafka.common.metrics.MetricsReporter;
import org.apache.kafka.server.telemetry.ClientTelemetry;
import org.apache.kafka.server.telemetry.ClientTelemetryReceiver;

/**
 * A metrics reporter for the reference Kafka that receives client telemetry and drops it. Kafka serves
 * GetTelemetrySubscriptions and PushTelemetry only when such a receiver is configured ({@code metric.reporters});
 * Skiff always serves them (it keeps the pushes itself), so the differential tests start Kafka with this one.
 */
@SuppressWarnings("deprecation") // ClientTelemetry: Kafka 4.4 still loads it (and offers a newer interface too)
public final class TelemetryReceivingReporter implements MetricsReporter, ClientTelemetry {
    @Override
    public void configure(Map<String, ?> configs) {}

    @Override
    public void init(List<KafkaMetric> metrics) {}

    @Override
    public void metricChange(KafkaMetric metric) {}

    @Override
    public void metricRemoval(KafkaMetric metric) {}

    @Override
    public void close() {}

    @Override
    public ClientTelemetryReceiver clientReceiver() {
        return (context, payload) -> {};
    }
}
