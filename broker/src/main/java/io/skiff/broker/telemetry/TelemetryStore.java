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

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The client metrics pushed to this broker, newest last, for a console to show: at most {@code maxPushes} pushes
 * and {@code maxBytes} of metrics data together; the oldest go first. In memory only (Kafka hands pushes to a
 * receiver plugin and keeps nothing itself).
 *
 * <p>Thread-safe: synchronized; readers get copies.
 */
public final class TelemetryStore {
    private final int maxPushes;
    private final long maxBytes;
    private final ArrayDeque<PushedMetrics> pushes = new ArrayDeque<>();
    private long bytes;

    TelemetryStore(int maxPushes, long maxBytes) {
        this.maxPushes = maxPushes;
        this.maxBytes = maxBytes;
    }

    synchronized void add(PushedMetrics push) {
        pushes.addLast(push);
        bytes += push.metricsData().length;
        while (pushes.size() > maxPushes || (bytes > maxBytes && pushes.size() > 1)) {
            bytes -= pushes.removeFirst().metricsData().length;
        }
    }

    /** Every push kept, oldest first. */
    public synchronized List<PushedMetrics> recent() {
        return new ArrayList<>(pushes);
    }

    /** The pushes kept of one client instance, oldest first. */
    public synchronized List<PushedMetrics> of(UUID clientInstanceId) {
        List<PushedMetrics> result = new ArrayList<>();
        for (PushedMetrics push : pushes) {
            if (push.clientInstanceId().equals(clientInstanceId)) {
                result.add(push);
            }
        }
        return result;
    }

    /** The latest push of one client instance. */
    public synchronized Optional<PushedMetrics> latest(UUID clientInstanceId) {
        Iterator<PushedMetrics> newestFirst = pushes.descendingIterator();
        while (newestFirst.hasNext()) {
            PushedMetrics push = newestFirst.next();
            if (push.clientInstanceId().equals(clientInstanceId)) {
                return Optional.of(push);
            }
        }
        return Optional.empty();
    }

    /** How many pushes are kept. */
    public synchronized int size() {
        return pushes.size();
    }
}
