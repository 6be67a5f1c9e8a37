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
package io.skiff.console.services;

import io.skiff.broker.handler.BrokerContext;
import io.skiff.console.action.OffsetReset;
import io.skiff.console.action.RecordProducer;
import io.skiff.console.action.SecurityActions;
import io.skiff.console.action.TopicActions;
import io.skiff.console.action.TransactionAbort;
import io.skiff.console.view.ConnectionViews;
import io.skiff.console.view.GroupViews;
import io.skiff.console.view.InternalsViews;
import io.skiff.console.view.OverviewView;
import io.skiff.console.view.RateHistory;
import io.skiff.console.view.RecordBrowser;
import io.skiff.console.view.SchemaDecoding;
import io.skiff.console.view.SecurityViews;
import io.skiff.console.view.TopicViews;
import io.skiff.console.view.TransactionViews;

/**
 * The views and actions of one console over one broker, shared by the pages and the JSON API. Owns the rate
 * sampler's thread (closed with the console). Thread-safe.
 */
public final class ConsoleServices implements AutoCloseable {
    private final TopicViews topics;
    private final RecordBrowser records;
    private final GroupViews groups;
    private final TransactionViews transactions;
    private final ConnectionViews connections;
    private final SecurityViews security;
    private final TransactionAbort transactionAbort;
    private final OverviewView overview;
    private final RateHistory rates;
    private final TopicActions topicActions;
    private final RecordProducer producer;
    private final OffsetReset offsetReset;
    private final SecurityActions securityActions;
    private final SchemaDecoding schemas;
    private final InternalsViews internals;

    public ConsoleServices(BrokerContext broker) {
        this.topics = new TopicViews(broker);
        this.records = new RecordBrowser(broker);
        this.groups = new GroupViews(broker);
        this.transactions = new TransactionViews(broker);
        this.connections = new ConnectionViews(broker);
        this.security = new SecurityViews(broker);
        this.transactionAbort = new TransactionAbort(broker);
        this.overview = new OverviewView(broker, groups, transactions, connections);
        this.topicActions = new TopicActions(broker);
        this.producer = new RecordProducer(broker);
        this.offsetReset = new OffsetReset(broker, groups);
        this.securityActions = new SecurityActions(broker);
        this.schemas = new SchemaDecoding(broker);
        this.rates = new RateHistory(broker, groups);
        this.internals = new InternalsViews(broker);
    }

    public TopicViews topics() {
        return topics;
    }

    public RecordBrowser records() {
        return records;
    }

    public GroupViews groups() {
        return groups;
    }

    public TransactionAbort transactionAbort() {
        return transactionAbort;
    }

    public SecurityViews security() {
        return security;
    }

    public ConnectionViews connections() {
        return connections;
    }

    public TransactionViews transactions() {
        return transactions;
    }

    public OverviewView overview() {
        return overview;
    }

    public RateHistory rates() {
        return rates;
    }

    public TopicActions topicActions() {
        return topicActions;
    }

    public RecordProducer producer() {
        return producer;
    }

    public OffsetReset offsetReset() {
        return offsetReset;
    }

    public InternalsViews internals() {
        return internals;
    }

    public SchemaDecoding schemas() {
        return schemas;
    }

    public SecurityActions securityActions() {
        return securityActions;
    }

    /** The views and actions as {@code caller} may see and do them. */
    public AuthorizedServices as(io.skiff.console.auth.Caller caller) {
        return new AuthorizedServices(this, caller);
    }

    @Override
    public void close() {
        rates.close();
    }
}
