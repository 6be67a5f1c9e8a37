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
package io.skiff.config;

/**
 * A broker key that supplies the default of a topic key, with the factor that converts its unit
 * into the topic key's unit (e.g. {@code log.retention.hours} → {@code retention.ms}: 3,600,000).
 *
 * <p>Thread-safety: immutable.
 *
 * @param name       broker key
 * @param unitFactor multiply the broker value by this to get the topic value (1 = same unit)
 */
public record BrokerSynonym(String name, long unitFactor) {
    public static final long MINUTES = 60_000L;
    public static final long HOURS = 3_600_000L;

    public static BrokerSynonym same(String name) {
        return new BrokerSynonym(name, 1);
    }

    public static BrokerSynonym minutes(String name) {
        return new BrokerSynonym(name, MINUTES);
    }

    public static BrokerSynonym hours(String name) {
        return new BrokerSynonym(name, HOURS);
    }

    /** Converts a parsed broker value into the topic key's unit. */
    Object convert(Object brokerValue) {
        if (unitFactor == 1 || brokerValue == null) {
            return brokerValue;
        }
        long v = ((Number) brokerValue).longValue();
        if (v < 0) {
            return v == -1 ? -1L : v; // -1 means "unlimited" in every unit
        }
        return Math.multiplyExact(v, unitFactor);
    }
}
