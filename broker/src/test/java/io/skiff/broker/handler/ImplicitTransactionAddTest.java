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

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.skiff.protocol.Errors;
import org.junit.jupiter.api.Test;

/** How the coordinator's answer to the broker's own add of a Produce v12+ reaches the producer, as in Kafka 4.1. */
class ImplicitTransactionAddTest {
    private static ImplicitTransactionAdd.Outcome of(Errors added) {
        return ImplicitTransactionAdd.produceError(added);
    }

    @Test
    void coordinatorAnswersAreTranslatedAsKafkasBrokerDoes() {
        assertEquals(new ImplicitTransactionAdd.Outcome(Errors.NONE, null), of(Errors.NONE));
        assertEquals(
                new ImplicitTransactionAdd.Outcome(Errors.INVALID_PRODUCER_EPOCH, null), of(Errors.PRODUCER_FENCED));
        assertEquals(
                new ImplicitTransactionAdd.Outcome(
                        Errors.INVALID_TXN_STATE, "Partition was not added to the transaction"),
                of(Errors.INVALID_TXN_STATE));
        assertEquals(
                new ImplicitTransactionAdd.Outcome(
                        Errors.NOT_ENOUGH_REPLICAS,
                        "Unable to verify the partition has been added to the transaction. Underlying error: "
                                + "COORDINATOR_NOT_AVAILABLE"),
                of(Errors.COORDINATOR_NOT_AVAILABLE));
        // version 2 keeps CONCURRENT_TRANSACTIONS (version 1 produce verification turns it into NOT_ENOUGH_REPLICAS)
        assertEquals(
                new ImplicitTransactionAdd.Outcome(Errors.CONCURRENT_TRANSACTIONS, null),
                of(Errors.CONCURRENT_TRANSACTIONS));
        assertEquals(
                new ImplicitTransactionAdd.Outcome(Errors.INVALID_PRODUCER_ID_MAPPING, null),
                of(Errors.INVALID_PRODUCER_ID_MAPPING));
    }
}
