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

import io.skiff.broker.diagnostics.FaultRuleView;
import io.skiff.broker.diagnostics.FetchSessionView;
import io.skiff.broker.handler.BrokerContext;
import java.util.List;

/**
 * What no Kafka request shows: the broker's incremental fetch sessions and the test control's fault rules, as the
 * broker's read-only copies. Stateless and thread-safe.
 */
public final class InternalsViews {

    /** Both lists with the broker clock's time they were read at (for ages). */
    public record Internals(long nowMs, List<FetchSessionView> fetchSessions, List<FaultRuleView> faultRules) {}

    private final BrokerContext broker;

    public InternalsViews(BrokerContext broker) {
        this.broker = broker;
    }

    /** The fetch sessions (most recently used first) and the fault rules (in the order added). */
    public Internals internals() {
        return new Internals(broker.clock().millis(), broker.fetchSessions(), broker.faultRules());
    }
}
