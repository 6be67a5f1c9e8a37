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
package io.skiff.broker.txn;

import io.skiff.broker.coordinator.CoordinatorThreads;
import io.skiff.broker.coordinator.CoordinatorWriter;
import io.skiff.broker.coordinator.InternalTopicLog;
import io.skiff.broker.group.GroupCoordinator;
import io.skiff.broker.producer.ProducerIdManager;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.config.BrokerConfig;
import io.skiff.config.BrokerConfigKeys;
import java.io.IOException;
import java.time.Clock;

/**
 * Builds the broker's {@link TransactionCoordinator} from its configuration: opens {@code __transaction_state}
 * (transaction.state.log.num.partitions; created on first use, compacted), replays it, completes the transactions
 * a stop interrupted, and starts the timers. Stateless.
 */
public final class TransactionCoordinators {
    public static final String TOPIC = "__transaction_state";
    /** How long a failed marker write waits before it is tried again. */
    private static final long MARKER_RETRY_BACKOFF_MS = 100;

    private TransactionCoordinators() {}

    public static TransactionCoordinatorConfig config(BrokerConfig config) {
        return new TransactionCoordinatorConfig(
                config.get(BrokerConfigKeys.TRANSACTION_MAX_TIMEOUT_MS),
                config.get(BrokerConfigKeys.TRANSACTIONAL_ID_EXPIRATION_MS),
                config.get(BrokerConfigKeys.TRANSACTION_ABORT_TIMED_OUT_TRANSACTION_CLEANUP_INTERVAL_MS),
                config.get(BrokerConfigKeys.TRANSACTION_REMOVE_EXPIRED_TRANSACTION_CLEANUP_INTERVAL_MS),
                MARKER_RETRY_BACKOFF_MS);
    }

    /** Starts the coordinator; close it before the group coordinator and the topics (it writes to both). */
    public static TransactionCoordinator start(
            BrokerConfig config,
            TopicRegistry topics,
            GroupCoordinator groups,
            ProducerIdManager producerIds,
            Clock clock)
            throws IOException {
        InternalTopicLog log = InternalTopicLog.open(
                topics,
                TOPIC,
                config.get(BrokerConfigKeys.TRANSACTION_STATE_LOG_NUM_PARTITIONS),
                config.get(BrokerConfigKeys.TRANSACTION_STATE_LOG_SEGMENT_BYTES));
        CoordinatorThreads threads = new CoordinatorThreads("txn", clock);
        TransactionCoordinator coordinator = new TransactionCoordinator(
                config(config),
                log,
                new CoordinatorWriter(log, threads.writer()),
                threads.scheduler(),
                producerIds::nextProducerId,
                new PartitionMarkers(topics, groups::completeTransaction, clock),
                clock);
        coordinator.own(threads);
        try {
            coordinator.load();
        } catch (IOException | RuntimeException e) {
            coordinator.close();
            throw e;
        }
        coordinator.startTimers();
        return coordinator;
    }
}
