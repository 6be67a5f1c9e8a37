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
