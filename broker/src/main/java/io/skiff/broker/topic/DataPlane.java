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
package io.skiff.broker.topic;

import io.skiff.broker.concurrent.DaemonThreads;
import io.skiff.broker.producer.ProducerIdManager;
import io.skiff.config.BrokerConfig;
import java.io.Closeable;
import java.io.IOException;
import java.time.Clock;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The broker's data components, built together at startup and closed together: the topic registry (recovers every
 * topic from the data directory), the producer id allocator, the fetch service (long-poll fetches) and the
 * executor for topic creation and deletion.
 *
 * <p>Thread-safe: every component is.
 */
public final class DataPlane implements Closeable {
    private final TopicRegistry topics;
    private final ProducerIdManager producerIds;
    private final FetchService fetches;
    private final ExecutorService admin = Executors.newSingleThreadExecutor(DaemonThreads.named("skiff-topic-admin"));

    private DataPlane(TopicRegistry topics, ProducerIdManager producerIds, FetchService fetches) {
        this.topics = topics;
        this.producerIds = producerIds;
        this.fetches = fetches;
    }

    /** Opens the data directory ({@code log.dirs}) and recovers its topics. */
    public static DataPlane open(BrokerConfig config, Clock clock) throws IOException {
        TopicRegistry topics = TopicRegistry.open(config, clock);
        try {
            ProducerIdManager producerIds = ProducerIdManager.open(topics.dataDir());
            return new DataPlane(topics, producerIds, new FetchService(clock));
        } catch (IOException | RuntimeException e) {
            topics.close();
            throw e;
        }
    }

    public TopicRegistry topics() {
        return topics;
    }

    public ProducerIdManager producerIds() {
        return producerIds;
    }

    public FetchService fetches() {
        return fetches;
    }

    /** Where topic creation and deletion run (they write and fsync files; not on network threads). */
    public Executor adminExecutor() {
        return admin;
    }

    /** Completes parked fetches, lets running topic admin finish, then closes every log cleanly. */
    @Override
    public void close() {
        fetches.close();
        admin.shutdown();
        try {
            admin.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        topics.close();
    }
}
