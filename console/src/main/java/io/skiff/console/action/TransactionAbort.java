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
package io.skiff.console.action;

import io.skiff.broker.group.common.TopicPartition;
import io.skiff.broker.handler.BrokerContext;
import io.skiff.broker.topic.Topic;
import io.skiff.broker.topic.UnknownTopicException;
import io.skiff.broker.txn.PartitionMarkers;
import io.skiff.storage.producer.ProducerStateEntry;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Aborts an open (hanging) transaction on one partition as {@code kafka-transactions.sh abort --topic T --partition P
 * --start-offset O} does: finds the producer whose open transaction starts at that offset and writes an ABORT marker
 * with its producer epoch and coordinator epoch (WriteTxnMarkers' work), so that the last stable offset moves on and
 * read_committed consumers see past it. Like the tool, it does not ask the coordinator: a transaction its producer
 * still uses is aborted under it. Thread-safe (stateless).
 */
public final class TransactionAbort {
    private final BrokerContext broker;

    public TransactionAbort(BrokerContext broker) {
        this.broker = broker;
    }

    /**
     * @return the producer id whose transaction was aborted
     * @throws ActionException no such partition, no open transaction starts at {@code startOffset}, or the marker was
     *                         refused (with the broker's message)
     */
    public long abort(String topicName, int partition, long startOffset) {
        Topic topic = broker.topics()
                .topic(topicName)
                .orElseThrow(() -> new ActionException("This server does not host this topic-partition."));
        if (!topic.hasPartition(partition)) {
            throw new ActionException("This server does not host this topic-partition.");
        }
        ProducerStateEntry producer;
        try {
            producer = topic.partition(partition).log().producerStates().stream()
                    .filter(e -> e.currentTxnFirstOffset() == startOffset)
                    .findFirst()
                    .orElseThrow(() -> new ActionException("No open transaction starts at offset " + startOffset
                            + " of " + topicName + "-" + partition + "."));
        } catch (UnknownTopicException deleted) {
            throw new ActionException("This server does not host this topic-partition.");
        }
        PartitionMarkers markers =
                new PartitionMarkers(broker.topics(), broker.groupCoordinator()::completeTransaction, broker.clock());
        try {
            markers.writeOne(
                            producer.producerId(),
                            producer.epoch(),
                            false,
                            new TopicPartition(topicName, partition),
                            Math.max(0, producer.coordinatorEpoch()))
                    .get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new ActionException(
                    "The abort marker was refused: " + e.getCause().getMessage());
        } catch (TimeoutException e) {
            throw new ActionException("The abort marker was not written within 30 s.");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ActionException("Interrupted while writing the abort marker.");
        } catch (RuntimeException e) {
            throw new ActionException("The abort marker was refused: " + e.getMessage());
        }
        return producer.producerId();
    }
}
