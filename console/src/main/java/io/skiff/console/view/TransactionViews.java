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
package io.skiff.console.view;

import io.skiff.broker.handler.BrokerContext;
import io.skiff.broker.topic.Partition;
import io.skiff.broker.topic.Topic;
import io.skiff.broker.topic.UnknownTopicException;
import io.skiff.broker.txn.TransactionCoordinator;
import io.skiff.broker.txn.TransactionRecord;
import io.skiff.broker.txn.TransactionState;
import io.skiff.storage.producer.ProducerStateEntry;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Transactions the coordinator knows and the producers each partition's log knows. Stateless and thread-safe.
 */
public final class TransactionViews {

    /** A transactional id; {@code ageMs} counts from the open transaction's start (0 when none is open). */
    public record TransactionView(
            String transactionalId,
            long producerId,
            short producerEpoch,
            String state,
            int timeoutMs,
            List<String> partitions,
            long ageMs) {}

    /** A producer as one partition's log knows it; {@code openTransactionFirstOffset} is -1 without one. */
    public record ProducerView(
            String topic,
            int partition,
            long producerId,
            short epoch,
            int lastSequence,
            long lastTimestamp,
            long openTransactionFirstOffset) {}

    private final BrokerContext broker;

    public TransactionViews(BrokerContext broker) {
        this.broker = broker;
    }

    /** Every transactional id, open transactions first, oldest first. */
    public List<TransactionView> transactions() {
        TransactionCoordinator coordinator = broker.transactionCoordinator();
        if (coordinator == null) {
            return List.of();
        }
        long now = broker.clock().millis();
        List<TransactionView> out = new ArrayList<>();
        for (Map.Entry<String, TransactionRecord> e : coordinator.all().entrySet()) {
            TransactionRecord t = e.getValue();
            boolean open = isOpen(t.state());
            out.add(new TransactionView(
                    e.getKey(),
                    t.producerId(),
                    t.producerEpoch(),
                    t.state().name(),
                    t.timeoutMs(),
                    t.partitions().stream()
                            .map(tp -> tp.topic() + "-" + tp.partition())
                            .sorted()
                            .toList(),
                    open && t.txnStartTimestamp() > 0 ? Math.max(0, now - t.txnStartTimestamp()) : 0));
        }
        out.sort(Comparator.comparing((TransactionView t) -> t.ageMs() == 0)
                .thenComparing(Comparator.comparingLong(TransactionView::ageMs).reversed())
                .thenComparing(TransactionView::transactionalId));
        return out;
    }

    private static boolean isOpen(TransactionState state) {
        return state == TransactionState.ONGOING
                || state == TransactionState.PREPARE_COMMIT
                || state == TransactionState.PREPARE_ABORT;
    }

    /** The producers of every partition of the topics users write to (internal topics left out). */
    public List<ProducerView> producers() {
        List<ProducerView> out = new ArrayList<>();
        for (Topic topic : broker.topics().topics()) {
            if (topic.isInternal()) {
                continue;
            }
            try {
                for (Partition p : topic.partitions()) {
                    for (ProducerStateEntry e : p.log().producerStates()) {
                        out.add(new ProducerView(
                                topic.name(),
                                p.index(),
                                e.producerId(),
                                e.epoch(),
                                e.lastSequence(),
                                e.lastTimestamp(),
                                e.currentTxnFirstOffset()));
                    }
                }
            } catch (UnknownTopicException deletedMeanwhile) {
                // not shown
            }
        }
        out.sort(Comparator.comparing(ProducerView::topic)
                .thenComparingInt(ProducerView::partition)
                .thenComparingLong(ProducerView::producerId));
        return out;
    }
}
