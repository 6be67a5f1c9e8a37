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
package io.skiff.broker.control;

import io.skiff.broker.handler.InjectedErrors;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import java.time.Duration;
import java.util.Objects;

/**
 * A fault rule as asked for: what it matches (any criterion left null matches everything), what it does, and how
 * often. Build one with {@link #builder()}:
 *
 * <pre>{@code
 * FaultSpec.builder().api("Produce").topic("orders").partition(0).error("NOT_LEADER_OR_FOLLOWER").count(3).build()
 * }</pre>
 *
 * <p>Immutable.
 *
 * @param api             the API, or null for any
 * @param minVersion      lowest matching version, or null
 * @param maxVersion      highest matching version, or null
 * @param topic           a topic the request must name, or null
 * @param partition       a partition the request must name (of {@code topic} when given), or null
 * @param group           a group id the request must name, or null
 * @param transactionalId a transactional id the request must name, or null
 * @param clientId        the client id the request must carry, or null
 * @param listener        the listener the request must arrive on, or null
 * @param action          what the rule does
 * @param error           the error code of {@link FaultAction#ERROR}: in each matched partition's (or topic's)
 *                        error field when the rule names a topic or partition and the API answers per partition or
 *                        topic ({@code ApiHandler#answersInjectedErrors}), else in every error field of the answer
 * @param latencyMs       the delay of {@link FaultAction#LATENCY}
 * @param count           how many times the rule applies, or null for no limit
 * @param durationMs      for how long after it was added the rule applies, or null for no limit
 * @param probability     the chance that it applies to a matching request (1 = always)
 * @param seed            the seed of the random draws of {@code probability}
 */
public record FaultSpec(
        ApiKeys api,
        Short minVersion,
        Short maxVersion,
        String topic,
        Integer partition,
        String group,
        String transactionalId,
        String clientId,
        String listener,
        FaultAction action,
        Errors error,
        long latencyMs,
        Integer count,
        Long durationMs,
        double probability,
        long seed) {
    public FaultSpec {
        Objects.requireNonNull(action, "action");
        if (action == FaultAction.ERROR && (error == null || error == Errors.NONE)) {
            throw new IllegalArgumentException("error: an error rule needs an error name other than NONE");
        }
        if (action != FaultAction.ERROR && error != null) {
            throw new IllegalArgumentException("error: only the action error takes an error, not " + label(action));
        }
        if (action == FaultAction.LATENCY && latencyMs <= 0) {
            throw new IllegalArgumentException("latencyMs: a latency rule needs latencyMs > 0, not " + latencyMs);
        }
        if (action != FaultAction.LATENCY && latencyMs != 0) {
            throw new IllegalArgumentException("latencyMs: only the action latency takes latencyMs");
        }
        if (minVersion != null && maxVersion != null && minVersion > maxVersion) {
            throw new IllegalArgumentException(
                    "minVersion: " + minVersion + " is greater than maxVersion " + maxVersion);
        }
        if ((minVersion != null || maxVersion != null) && api == null) {
            throw new IllegalArgumentException("minVersion: a version range needs an api");
        }
        if (partition != null && partition < 0) {
            throw new IllegalArgumentException("partition: must be at least 0, not " + partition);
        }
        if (count != null && count < 1) {
            throw new IllegalArgumentException("count: must be at least 1, not " + count);
        }
        if (durationMs != null && durationMs < 1) {
            throw new IllegalArgumentException("durationMs: must be at least 1, not " + durationMs);
        }
        if (!(probability > 0 && probability <= 1)) {
            throw new IllegalArgumentException("probability: must be in (0, 1], not " + probability);
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The action's name in the HTTP API ({@code error}, {@code latency}, {@code hold}, {@code close}, {@code drop}). */
    static String label(FaultAction action) {
        return switch (action) {
            case ERROR -> "error";
            case LATENCY -> "latency";
            case HOLD -> "hold";
            case CLOSE_BEFORE -> "close";
            case CLOSE_AFTER -> "close-after";
            case DROP -> "drop";
        };
    }

    /** Whether the rule names a topic or a partition: then its error goes only to the partitions it matches. */
    boolean namesPartitions() {
        return topic != null || partition != null;
    }

    /**
     * The rule's error for a partition it matches, null for another (what the handler then processes); a whole topic
     * ({@link InjectedErrors#WHOLE_TOPIC}) is matched by a rule that names no partition.
     */
    Errors injectedError(String topicName, int partitionIndex) {
        boolean matched =
                (topic == null || topic.equals(topicName)) && (partition == null || partition == partitionIndex);
        return matched ? error : null;
    }

    /** Whether the rule matches a request, on everything but its limits (count, duration, probability). */
    boolean matches(RequestScope scope) {
        if (api != null && api != scope.api()) {
            return false;
        }
        if ((minVersion != null && scope.version() < minVersion)
                || (maxVersion != null && scope.version() > maxVersion)) {
            return false;
        }
        if (clientId != null && !clientId.equals(scope.clientId())) {
            return false;
        }
        if (listener != null && !listener.equalsIgnoreCase(scope.listener())) {
            return false;
        }
        if (group != null && !scope.groups().contains(group)) {
            return false;
        }
        if (transactionalId != null && !scope.transactionalIds().contains(transactionalId)) {
            return false;
        }
        if (topic != null) {
            var partitions = scope.partitions().get(topic);
            return partitions != null && (partition == null || partitions.contains(partition));
        }
        return partition == null || scope.partitions().values().stream().anyMatch(p -> p.contains(partition));
    }

    /** Builds a {@link FaultSpec}; every criterion left unset matches everything. Not thread-safe. */
    public static final class Builder {
        private ApiKeys api;
        private Short minVersion;
        private Short maxVersion;
        private String topic;
        private Integer partition;
        private String group;
        private String transactionalId;
        private String clientId;
        private String listener;
        private FaultAction action;
        private Errors error;
        private long latencyMs;
        private Integer count;
        private Long durationMs;
        private double probability = 1.0;
        private long seed;

        private Builder() {}

        public Builder api(ApiKeys api) {
            this.api = api;
            return this;
        }

        /** An API by Kafka's name ({@code Produce}, {@code JoinGroup}) or key number ({@code 0}). */
        public Builder api(String nameOrKey) {
            return api(ApiNames.parse(nameOrKey));
        }

        /** Matches only versions {@code min..max} of the API. */
        public Builder versions(int min, int max) {
            this.minVersion = (short) min;
            this.maxVersion = (short) max;
            return this;
        }

        public Builder minVersion(Short minVersion) {
            this.minVersion = minVersion;
            return this;
        }

        public Builder maxVersion(Short maxVersion) {
            this.maxVersion = maxVersion;
            return this;
        }

        public Builder topic(String topic) {
            this.topic = topic;
            return this;
        }

        public Builder partition(Integer partition) {
            this.partition = partition;
            return this;
        }

        public Builder group(String group) {
            this.group = group;
            return this;
        }

        public Builder transactionalId(String transactionalId) {
            this.transactionalId = transactionalId;
            return this;
        }

        public Builder clientId(String clientId) {
            this.clientId = clientId;
            return this;
        }

        public Builder listener(String listener) {
            this.listener = listener;
            return this;
        }

        /** Answers with this error (action {@link FaultAction#ERROR}). */
        public Builder error(Errors error) {
            this.action = FaultAction.ERROR;
            this.error = error;
            return this;
        }

        /** Answers with the error of this name, e.g. {@code NOT_LEADER_OR_FOLLOWER}. */
        public Builder error(String errorName) {
            return error(ApiNames.error(errorName));
        }

        /** Processes the request after a delay (action {@link FaultAction#LATENCY}). */
        public Builder latency(Duration latency) {
            this.action = FaultAction.LATENCY;
            this.latencyMs = latency.toMillis();
            return this;
        }

        /** Holds the request until the rule is released or removed (action {@link FaultAction#HOLD}). */
        public Builder hold() {
            return action(FaultAction.HOLD);
        }

        /** Closes the connection before the request is processed. */
        public Builder closeBefore() {
            return action(FaultAction.CLOSE_BEFORE);
        }

        /** Processes the request, then closes the connection instead of answering. */
        public Builder closeAfter() {
            return action(FaultAction.CLOSE_AFTER);
        }

        /** Processes the request and sends no answer. */
        public Builder drop() {
            return action(FaultAction.DROP);
        }

        public Builder action(FaultAction action) {
            this.action = action;
            return this;
        }

        public Builder latencyMs(long latencyMs) {
            this.latencyMs = latencyMs;
            return this;
        }

        public Builder errorCode(Errors error) {
            this.error = error;
            return this;
        }

        /** Applies at most {@code count} times. */
        public Builder count(Integer count) {
            this.count = count;
            return this;
        }

        /** Applies only during this time after the rule is added. */
        public Builder duration(Duration duration) {
            this.durationMs = duration == null ? null : duration.toMillis();
            return this;
        }

        public Builder durationMs(Long durationMs) {
            this.durationMs = durationMs;
            return this;
        }

        /** Applies to a matching request with this probability, drawn from a random sequence of {@code seed}. */
        public Builder probability(double probability, long seed) {
            this.probability = probability;
            this.seed = seed;
            return this;
        }

        /** @throws IllegalArgumentException naming the field that is wrong */
        public FaultSpec build() {
            if (action == null) {
                throw new IllegalArgumentException(
                        "action: say what the rule does (error, latency, hold, close, drop)");
            }
            return new FaultSpec(
                    api,
                    minVersion,
                    maxVersion,
                    topic,
                    partition,
                    group,
                    transactionalId,
                    clientId,
                    listener,
                    action,
                    error,
                    latencyMs,
                    count,
                    durationMs,
                    probability,
                    seed);
        }
    }
}
