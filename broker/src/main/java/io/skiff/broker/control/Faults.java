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
package io.skiff.broker.control;

import io.skiff.broker.diagnostics.FaultRuleView;
import io.skiff.broker.fetch.FetchPartitionKey;
import io.skiff.protocol.ApiMessage;
import io.skiff.protocol.message.ApiKeys;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.IntFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The fault rules of one broker (in memory only): added, listed, released and removed by tests through the Java API
 * or HTTP, and checked once per request by the server after decoding and before the handler. A request gets at most
 * one fault: the first rule, in the order they were added, that matches and applies.
 *
 * <p>Thread-safe: rules are a copy-on-write list; checking a request takes no lock but the matching rule's own.
 */
public final class Faults {
    private static final Logger LOG = LoggerFactory.getLogger(Faults.class);

    private final List<FaultRule> rules = new CopyOnWriteArrayList<>();
    private final AtomicLong nextId = new AtomicLong(1);
    private final RequestScopes scopes;

    /** @param topicNames resolves a topic id (Produce and Fetch at recent versions name topics by id) to its name */
    public Faults(Function<UUID, Optional<String>> topicNames) {
        this.scopes = new RequestScopes(Objects.requireNonNull(topicNames));
    }

    /** Adds a rule; it applies from the next request on. */
    public FaultRule add(FaultSpec spec) {
        FaultRule rule = new FaultRule("f" + nextId.getAndIncrement(), Objects.requireNonNull(spec), System::nanoTime);
        rules.add(rule);
        LOG.info("Fault rule {} added: {}", rule.id(), spec);
        return rule;
    }

    /** Adds a rule built with {@link FaultSpec#builder()}. */
    public FaultRule add(FaultSpec.Builder spec) {
        return add(spec.build());
    }

    /** Every rule, in the order added, spent ones included (until removed). */
    public List<FaultRule> rules() {
        return List.copyOf(rules);
    }

    /** Read-only copies of every rule, in the order added (for operators). */
    public List<FaultRuleView> views() {
        return rules.stream().map(FaultRule::view).toList();
    }

    public Optional<FaultRule> rule(String id) {
        for (FaultRule rule : rules) {
            if (rule.id().equals(id)) {
                return Optional.of(rule);
            }
        }
        return Optional.empty();
    }

    /** How often the rule has applied; 0 for a rule that does not exist (any more). */
    public int applied(String id) {
        return rule(id).map(FaultRule::applied).orElse(0);
    }

    /** Removes a rule and releases the requests it holds; false when there is no such rule. */
    public boolean remove(String id) {
        Optional<FaultRule> rule = rule(id);
        rule.ifPresent(r -> {
            rules.remove(r);
            r.release();
            LOG.info("Fault rule {} removed after applying {} times", r.id(), r.applied());
        });
        return rule.isPresent();
    }

    /** Removes every rule, releasing what they hold. */
    public void clear() {
        for (FaultRule rule : new ArrayList<>(rules)) {
            remove(rule.id());
        }
    }

    /**
     * The fault for one request, or null when no rule applies (the usual case: no rules, no cost beyond a check of
     * an empty list).
     *
     * @param sessionPartitions the partitions of a fetch session of the node that received the request, by session
     *     id: an incremental Fetch names only the partitions that changed, yet reads them all, so a rule on a
     *     partition matches it through its session (each node of a simulated cluster has its own sessions)
     */
    public AppliedFault check(
            ApiKeys api,
            short version,
            String clientId,
            String listener,
            ApiMessage request,
            String from,
            IntFunction<List<FetchPartitionKey>> sessionPartitions) {
        if (rules.isEmpty()) {
            return null;
        }
        RequestScope scope = null;
        for (FaultRule rule : rules) {
            if (!rule.active()) {
                continue;
            }
            if (scope == null) {
                scope = scopes.of(api, version, clientId, listener, request, sessionPartitions);
            }
            if (rule.spec().matches(scope) && rule.tryApply()) {
                LOG.info(
                        "Fault rule {} applied ({} of {}): {} to {} v{} from {} (client id {})",
                        rule.id(),
                        rule.applied(),
                        rule.spec().count() == null ? "unlimited" : rule.spec().count(),
                        FaultSpec.label(rule.spec().action()),
                        api.name,
                        version,
                        from,
                        clientId);
                return new AppliedFault(rule);
            }
        }
        return null;
    }
}
