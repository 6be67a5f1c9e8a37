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

import io.skiff.compat.GroupCompatSupport.GroupConsumer;
import io.skiff.compat.GroupCompatSupport.Stop;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The group consumers a test started, stopped (leaving their group) after it, then its cleanup run: what the
 * mixed-group tests, which run the same scenario on Skiff and on the shared Kafka, leave behind on neither.
 * Registered per test instance: {@code @RegisterExtension final GroupConsumers consumers = new GroupConsumers();}.
 * Not thread-safe: used from the test's thread.
 */
final class GroupConsumers implements AfterEachCallback {
    private final List<GroupConsumer> started = new ArrayList<>();
    private Runnable cleanup = () -> {};

    /** Starts a consumer of {@code topic} that records what it reads in {@code received}. */
    GroupConsumer start(Properties props, String topic, ConcurrentLinkedQueue<String> received) {
        GroupConsumer c = new GroupConsumer(props, topic, received);
        started.add(c);
        return c;
    }

    /** Stops {@code c} now, leaving its group. */
    void stop(GroupConsumer c) throws InterruptedException {
        stop(c, Stop.LEAVE);
    }

    /** Stops {@code c} now as {@code how} says. */
    void stop(GroupConsumer c, Stop how) throws InterruptedException {
        c.stop(how);
        started.remove(c);
    }

    /** What to run after the consumers stopped (deleting the test's group and topic). */
    void cleanup(Runnable cleanup) {
        this.cleanup = cleanup;
    }

    @Override
    public void afterEach(ExtensionContext context) throws InterruptedException {
        try {
            for (GroupConsumer c : started) {
                c.stop(Stop.LEAVE);
            }
        } finally {
            started.clear();
            Runnable run = cleanup;
            cleanup = () -> {};
            run.run();
        }
    }
}
