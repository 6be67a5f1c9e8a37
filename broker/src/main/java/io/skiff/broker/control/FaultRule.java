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

import io.skiff.broker.diagnostics.FaultRuleView;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * One fault rule in force: its spec, how often it has applied, and whether it still applies. It stops applying when
 * it has applied {@code count} times, when its duration has passed, or when it is released or removed; it stays
 * listed (with its count) until it is removed, so a test can wait for {@code applied()} to reach a number.
 *
 * <p>Thread-safe: the decision to apply is synchronized per rule.
 */
public final class FaultRule {
    private final String id;
    private final FaultSpec spec;
    private final long deadlineNanos;
    private final LongSupplier nanoTime;
    private final Random random;
    private final CompletableFuture<Void> released = new CompletableFuture<>();
    private int applied;

    FaultRule(String id, FaultSpec spec, LongSupplier nanoTime) {
        this.id = id;
        this.spec = spec;
        this.nanoTime = nanoTime;
        this.deadlineNanos = spec.durationMs() == null
                ? Long.MAX_VALUE
                : nanoTime.getAsLong() + TimeUnit.MILLISECONDS.toNanos(spec.durationMs());
        this.random = spec.probability() < 1 ? new Random(spec.seed()) : null;
    }

    public String id() {
        return id;
    }

    public FaultSpec spec() {
        return spec;
    }

    /** How many requests the rule has applied to so far. */
    public synchronized int applied() {
        return applied;
    }

    /** Whether the rule would still apply to a matching request. */
    public synchronized boolean active() {
        return !released.isDone()
                && (spec.count() == null || applied < spec.count())
                && nanoTime.getAsLong() - deadlineNanos < 0;
    }

    /**
     * Ends the rule: held requests go on to be processed, and it applies no more (it stays listed with its count).
     * Removing a rule releases it too.
     */
    public void release() {
        released.complete(null);
    }

    /** Completes when the rule is released or removed; what held requests wait for. */
    CompletableFuture<Void> releasedFuture() {
        return released;
    }

    /** Decides whether the rule applies to a request it matches, and counts it if so. */
    synchronized boolean tryApply() {
        if (!active()) {
            return false;
        }
        if (random != null && random.nextDouble() >= spec.probability()) {
            return false;
        }
        applied++;
        return true;
    }

    /** A read-only copy of the rule for operators: what it matches, what it does, how often it applied. */
    public FaultRuleView view() {
        StringBuilder matches = new StringBuilder();
        word(matches, "api", spec.api() == null ? null : spec.api().name);
        word(matches, "minVersion", spec.minVersion());
        word(matches, "maxVersion", spec.maxVersion());
        word(matches, "topic", spec.topic());
        word(matches, "partition", spec.partition());
        word(matches, "group", spec.group());
        word(matches, "transactionalId", spec.transactionalId());
        word(matches, "clientId", spec.clientId());
        word(matches, "listener", spec.listener());
        word(matches, "durationMs", spec.durationMs());
        if (spec.probability() < 1) {
            word(matches, "probability", spec.probability());
        }
        String action = FaultSpec.label(spec.action());
        if (spec.error() != null) {
            action += " " + spec.error().name();
        } else if (spec.latencyMs() > 0) {
            action += " " + spec.latencyMs() + " ms";
        }
        synchronized (this) {
            return new FaultRuleView(id, matches.toString(), action, applied, spec.count(), active());
        }
    }

    private static void word(StringBuilder out, String key, Object value) {
        if (value != null) {
            out.append(out.isEmpty() ? "" : " ").append(key).append('=').append(value);
        }
    }

    @Override
    public String toString() {
        return "fault rule " + id + " " + spec;
    }
}
