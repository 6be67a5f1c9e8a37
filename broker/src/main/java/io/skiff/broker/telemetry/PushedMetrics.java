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
