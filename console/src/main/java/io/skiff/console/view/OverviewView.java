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
import io.skiff.config.Endpoint;
import java.util.List;

/** The broker at a glance. Stateless and thread-safe. */
public final class OverviewView {

    /** Identity, listeners and totals (topics users write to and internal ones alike). */
    public record Overview(
            String clusterId,
            int nodeId,
            List<String> listeners,
            long uptimeMs,
            String dataDir,
            int topics,
            int partitions,
            long bytes,
            int groups,
            long openTransactions,
            int connections) {}

    private final BrokerContext broker;
    private final long startedAt;
    private final GroupViews groups;
    private final TransactionViews transactions;
    private final ConnectionViews connections;

    public OverviewView(
            BrokerContext broker, GroupViews groups, TransactionViews transactions, ConnectionViews connections) {
        this.broker = broker;
        this.startedAt = broker.clock().millis();
        this.groups = groups;
        this.transactions = transactions;
        this.connections = connections;
    }

    public Overview overview() {
        int topics = 0;
        int partitions = 0;
        long bytes = 0;
        for (Topic topic : broker.topics().topics()) {
            try {
                for (Partition p : topic.partitions()) {
                    bytes += p.log().sizeInBytes();
                    partitions++;
                }
                topics++;
            } catch (UnknownTopicException deletedMeanwhile) {
                // not counted
            }
        }
        List<String> listeners = broker.advertisedEndpoints().stream()
                .map(OverviewView::describe)
                .toList();
        return new Overview(
                broker.clusterId(),
                broker.nodeId(),
                listeners,
                Math.max(0, broker.clock().millis() - startedAt),
                broker.topics().dataDir().toAbsolutePath().toString(),
                topics,
                partitions,
                bytes,
                groups.list().size(),
                transactions.transactions().stream().filter(t -> t.ageMs() > 0).count(),
                connections.connections().size());
    }

    private static String describe(Endpoint e) {
        return e.listenerName() + "://" + e.host() + ":" + e.port();
    }
}
