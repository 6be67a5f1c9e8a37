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

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the metric names out of an OpenTelemetry {@code MetricsData} protobuf (the PushTelemetry payload):
 * MetricsData.resource_metrics (1) → ResourceMetrics.scope_metrics (2) → ScopeMetrics.metrics (2) → Metric.name (1).
 * Only as much of the protobuf wire format as that path needs; anything it cannot parse gives no names.
 *
 * <p>Stateless.
 */
final class MetricNames {
    private static final int VARINT = 0;
    private static final int FIXED64 = 1;
    private static final int LENGTH_DELIMITED = 2;
    private static final int FIXED32 = 5;

    private MetricNames() {}

    /** The metric names in order, or an empty list when the data is not a readable MetricsData. */
    static List<String> of(byte[] metricsData) {
        List<String> names = new ArrayList<>();
        try {
            for (ByteBuffer resource : fields(ByteBuffer.wrap(metricsData), 1)) {
                for (ByteBuffer scope : fields(resource, 2)) {
                    for (ByteBuffer metric : fields(scope, 2)) {
                        for (ByteBuffer name : fields(metric, 1)) {
                            names.add(StandardCharsets.UTF_8.decode(name).toString());
                        }
                    }
                }
            }
            return names;
        } catch (RuntimeException malformed) {
            return List.of();
        }
    }

    /** The contents of every length-delimited field {@code number} of a message. */
    private static List<ByteBuffer> fields(ByteBuffer message, int number) {
        List<ByteBuffer> found = new ArrayList<>();
        ByteBuffer in = message.duplicate();
        while (in.hasRemaining()) {
            long key = varint(in);
            int wireType = (int) (key & 7);
            switch (wireType) {
                case VARINT -> varint(in);
                case FIXED64 -> in.position(in.position() + 8);
                case FIXED32 -> in.position(in.position() + 4);
                case LENGTH_DELIMITED -> {
                    int length = Math.toIntExact(varint(in));
                    ByteBuffer content = in.slice();
                    content.limit(length);
                    in.position(in.position() + length);
                    if ((key >>> 3) == number) {
                        found.add(content);
                    }
                }
                default -> throw new IllegalArgumentException("wire type " + wireType);
            }
        }
        return found;
    }

    private static long varint(ByteBuffer in) {
        long value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            byte b = in.get();
            value |= (long) (b & 0x7f) << shift;
            if (b >= 0) {
                return value;
            }
        }
        throw new IllegalArgumentException("varint too long");
    }
}
