package io.skiff.broker.telemetry;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * One accepted PushTelemetry, as the broker keeps it for a console: who pushed, when, and what.
 *
 * @param clientInstanceId the client instance
 * @param client           who it is (client id, software, address)
 * @param subscriptionId   the subscription the push answered
 * @param received         when the broker accepted it
 * @param terminating      whether it was the client's last push
 * @param compressionType  the compression the client used (0 none, 1 gzip, 2 snappy, 3 lz4, 4 zstd)
 * @param metricsData      the pushed OpenTelemetry {@code MetricsData} (protobuf), decompressed; as sent when it
 *                         could not be decompressed
 * @param metricNames      the names of the metrics in it, in order (empty when it could not be read)
 */
public record PushedMetrics(
        UUID clientInstanceId,
        ClientDescription client,
        int subscriptionId,
        Instant received,
        boolean terminating,
        byte compressionType,
        byte[] metricsData,
        List<String> metricNames) {}
