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
package io.skiff.compat.differential;

import static org.awaitility.Awaitility.await;

import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.FindCoordinatorRequest;
import io.skiff.protocol.message.FindCoordinatorResponse;
import io.skiff.protocol.message.InitProducerIdRequest;
import io.skiff.protocol.message.InitProducerIdResponse;
import java.io.IOException;
import java.time.Duration;

/**
 * Brings both brokers to the same starting state for coordinators: Kafka creates {@code __consumer_offsets} and
 * {@code __transaction_state} on the first FindCoordinator for a group or transactional id (answering
 * COORDINATOR_NOT_AVAILABLE until then) and fetches its first block of producer ids on the first InitProducerId
 * (COORDINATOR_LOAD_IN_PROGRESS meanwhile); Skiff has all of them at once. Done once per test JVM is enough, doing
 * it again costs a few requests.
 *
 * <p>Stateless.
 */
final class ReadyCoordinators {
    private ReadyCoordinators() {}

    /** Waits until Kafka's group and transaction coordinators and its producer id block are ready. */
    static void awaitReady(DifferentialBrokers brokers, String groupId, String transactionalId) throws IOException {
        findCoordinator(brokers, new FindCoordinatorRequest().setKey(groupId));
        findCoordinator(
                brokers, new FindCoordinatorRequest().setKey(transactionalId).setKeyType((byte) 1));
        // Both then hand out ids from the next one (the Normalizer replaces allocated producer ids).
        InitProducerIdRequest init =
                new InitProducerIdRequest().setTransactionalId(null).setTransactionTimeoutMs(60_000);
        brokers.sendToSkiff(ApiKeys.INIT_PRODUCER_ID, (short) 4, init);
        await().atMost(Duration.ofSeconds(60))
                .until(() -> ((InitProducerIdResponse) brokers.sendToKafka(ApiKeys.INIT_PRODUCER_ID, (short) 4, init))
                                .errorCode()
                        == 0);
    }

    private static void findCoordinator(DifferentialBrokers brokers, FindCoordinatorRequest find) throws IOException {
        brokers.sendToSkiff(ApiKeys.FIND_COORDINATOR, (short) 3, find);
        await().atMost(Duration.ofSeconds(60))
                .until(() -> ((FindCoordinatorResponse) brokers.sendToKafka(ApiKeys.FIND_COORDINATOR, (short) 3, find))
                                .errorCode()
                        == 0);
    }
}
