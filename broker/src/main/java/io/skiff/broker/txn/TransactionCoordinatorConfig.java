package io.skiff.broker.txn;

/**
 * The transaction coordinator's settings (Kafka's keys).
 *
 * @param maxTimeoutMs                 {@code transaction.max.timeout.ms}: a larger requested timeout is
 *                                     INVALID_TRANSACTION_TIMEOUT
 * @param transactionalIdExpirationMs  {@code transactional.id.expiration.ms}: an idle transactional id is forgotten
 * @param abortTimedOutIntervalMs      {@code transaction.abort.timed.out.transaction.cleanup.interval.ms}
 * @param removeExpiredIntervalMs      {@code transaction.remove.expired.transaction.cleanup.interval.ms}
 * @param markerRetryBackoffMs         how long to wait before writing the markers of a transaction again after a
 *                                     failed write
 */
public record TransactionCoordinatorConfig(
        int maxTimeoutMs,
        long transactionalIdExpirationMs,
        long abortTimedOutIntervalMs,
        long removeExpiredIntervalMs,
        long markerRetryBackoffMs) {}
