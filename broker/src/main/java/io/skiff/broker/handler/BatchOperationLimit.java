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
package io.skiff.broker.handler;

/**
 * Kafka's bound on how much one admin request may create: its controller refuses an operation that would write more
 * than 10000 metadata records (a topic, each partition and each config is one) with POLICY_VIOLATION, for every
 * resource of the request. Skiff applies the same bound so that one request for millions of partitions cannot
 * exhaust the broker's file handles and disk for every other client.
 *
 * <p>Stateless; thread-safe.
 */
final class BatchOperationLimit {
    /** Kafka's {@code QuorumController.MAX_RECORDS_PER_USER_OP}. */
    static final int MAX_RECORDS = 10_000;

    static final String MESSAGE = "Unable to perform excessively large batch operation.";

    private BatchOperationLimit() {}
}
