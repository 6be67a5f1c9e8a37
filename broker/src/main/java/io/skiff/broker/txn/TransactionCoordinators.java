package io.skiff.broker.txn;

import io.skiff.broker.coordinator.CoordinatorThreads;
import io.skiff.broker.coordinator.CoordinatorWriter;
import io.skiff.broker.coordinator.InternalTopicLog;
import io.skiff.broker.group.GroupCoordinator;
import io.skiff.broker.producer.ProducerIdManager;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.config.BrokerConfig;
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
                config.transactionMaxTimeoutMs(),
                config.transactionalIdExpirationMs(),
                config.transactionAbortTimedOutIntervalMs(),
                config.transactionRemoveExpiredIntervalMs(),
                MARKER_RETRY_BACKOFF_MS);
    }

    /** Starts the coordinator; close it before the group coordinator and the topics (it writes to both). */
    public static TransactionCoordinator start(
            BrokerConfig config,
            TopicRegistry topics,
            GroupCoordinator groups,
            String offsetsTopic,
            ProducerIdManager producerIds,
            Clock clock)
            throws IOException {
        InternalTopicLog log = InternalTopicLog.open(
                topics, TOPIC, config.transactionStateLogNumPartitions(), config.transactionStateLogSegmentBytes());
        CoordinatorThreads threads = new CoordinatorThreads("txn", clock);
        TransactionCoordinator coordinator = new TransactionCoordinator(
                config(config),
                log,
                new CoordinatorWriter(log, threads.writer()),
                threads.scheduler(),
                producerIds::nextProducerId,
                new PartitionMarkers(topics, offsetsTopic, groups::completeTransaction, clock),
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
