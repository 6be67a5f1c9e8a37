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
