package io.skiff.broker.telemetry;

import java.util.Map;

/**
 * Who a telemetry request comes from, as client-metrics subscriptions match it (Kafka's
 * ClientMetricsInstanceMetadata, without the instance id, which the request carries).
 *
 * @param clientId        the request header's client id
 * @param softwareName    from the connection's ApiVersions ({@code unknown} if it sent none)
 * @param softwareVersion from the connection's ApiVersions
 * @param sourceAddress   the client's IP address
 * @param sourcePort      the client's port
 * @param connectionId    the connection it came on
 */
public record ClientDescription(
        String clientId,
        String softwareName,
        String softwareVersion,
        String sourceAddress,
        int sourcePort,
        String connectionId) {
    /** The selector values of {@code match} patterns, for the client instance {@code instanceId}. */
    Map<String, String> selectors(String instanceId) {
        return Map.of(
                "client_instance_id", instanceId,
                "client_id", clientId == null ? "" : clientId,
                "client_software_name", softwareName,
                "client_software_version", softwareVersion,
                "client_source_address", sourceAddress,
                "client_source_port", String.valueOf(sourcePort));
    }
}
