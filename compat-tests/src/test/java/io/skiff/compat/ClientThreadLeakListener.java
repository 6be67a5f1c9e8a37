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
package io.skiff.compat;

import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * Names, on standard error, the test class after which Kafka client threads (Admin, producer, consumer, share
 * consumer, Kafka Streams) that it started are still alive. All compat classes run in one JVM: a client a class forgets
 * to close keeps reconnecting to that class's stopped broker for the rest of the run, which slows and clutters the
 * classes after it. A report, not a failure: a client may still be closing on another thread.
 *
 * <p>Registered through {@code META-INF/services}. Called by the launcher on one thread at a time (classes run
 * sequentially here).
 */
public final class ClientThreadLeakListener implements TestExecutionListener {
    /** Kafka's client thread names: Admin, producer, consumer (classic and async), share consumer, Streams. */
    private static final Pattern CLIENT_THREAD = Pattern.compile("kafka-admin-client-thread \\|.*"
            + "|kafka-producer-network-thread \\|.*|consumer_background_thread.*|.*-StreamThread-\\d+"
            + "|kafka-coordinator-heartbeat-thread \\|.*|share_consumer_background_thread.*");

    private static final Duration GRACE = Duration.ofSeconds(3);

    private Set<String> before = Set.of();

    @Override
    public void executionStarted(TestIdentifier id) {
        if (isClass(id)) {
            before = clientThreads();
        }
    }

    @Override
    public void executionFinished(TestIdentifier id, TestExecutionResult result) {
        if (!isClass(id)) {
            return;
        }
        long deadline = System.nanoTime() + GRACE.toNanos();
        Set<String> left = leftSince(before);
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            try {
                Thread.sleep(100); // threads of closed clients end on their own, shortly
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            left = leftSince(before);
        }
        if (!left.isEmpty()) {
            System.err.println(
                    "[client-thread-leak] " + id.getDisplayName() + " left Kafka client threads running: " + left);
        }
    }

    private static boolean isClass(TestIdentifier id) {
        return id.isContainer()
                && id.getSource().filter(ClassSource.class::isInstance).isPresent();
    }

    private static Set<String> leftSince(Set<String> before) {
        Set<String> now = clientThreads();
        now.removeAll(before);
        return now;
    }

    private static Set<String> clientThreads() {
        Set<String> names = new TreeSet<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.isAlive() && CLIENT_THREAD.matcher(t.getName()).matches()) {
                names.add(t.getName());
            }
        }
        return names;
    }
}
