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
