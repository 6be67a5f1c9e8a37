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

import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.broker.txn.TransactionCoordinator;
import io.skiff.broker.txn.TransactionRecord;
import io.skiff.broker.txn.TransactionState;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.ListTransactionsRequest;
import io.skiff.protocol.message.ListTransactionsResponse;
import java.time.Clock;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * ListTransactions (key 66), v0–2: the transactional ids this coordinator knows, filtered as Kafka filters them: by
 * state (names it does not know are listed back in {@code unknown_state_filters}), by producer id, by running longer
 * than {@code duration_filter} ms (v1+) and by a regular expression on the id (v2+; INVALID_REGULAR_EXPRESSION if it
 * does not compile). Ids without DESCRIBE are left out when ACLs are enforced, as in Kafka. Thread-safe (stateless apart from the coordinator).
 */
public final class ListTransactionsHandler
        extends AbstractApiHandler<ListTransactionsRequest, ListTransactionsResponse> {
    private final TransactionCoordinator coordinator;
    private final Clock clock;

    public ListTransactionsHandler(TransactionCoordinator coordinator, Clock clock) {
        super(ApiKeys.LIST_TRANSACTIONS, 0, 2);
        this.coordinator = coordinator;
        this.clock = clock;
    }

    @Override
    public CompletableFuture<ListTransactionsResponse> handle(RequestContext ctx, ListTransactionsRequest request) {
        ListTransactionsResponse response = new ListTransactionsResponse();
        Pattern pattern = null;
        if (request.transactionalIdPattern() != null
                && !request.transactionalIdPattern().isEmpty()) {
            try {
                pattern = Pattern.compile(request.transactionalIdPattern());
            } catch (PatternSyntaxException e) {
                return CompletableFuture.completedFuture(
                        response.setErrorCode(Errors.INVALID_REGULAR_EXPRESSION.code()));
            }
        }
        Set<TransactionState> states = EnumSet.noneOf(TransactionState.class);
        List<String> unknown = new ArrayList<>();
        for (String name : request.stateFilters()) {
            TransactionState s = TransactionState.fromDisplayName(name);
            if (s == null) {
                unknown.add(name);
            } else {
                states.add(s);
            }
        }
        Set<Long> producerIds = new HashSet<>(request.producerIdFilters());
        long now = clock.millis();
        List<ListTransactionsResponse.TransactionState> out = new ArrayList<>();
        Pattern idPattern = pattern;
        coordinator.all().forEach((id, r) -> {
            if (matches(r, id, states, producerIds, request.durationFilter(), idPattern, now)
                    && ctx.allowed(AclOperation.DESCRIBE, ResourceType.TRANSACTIONAL_ID, id)) {
                out.add(new ListTransactionsResponse.TransactionState()
                        .setTransactionalId(id)
                        .setProducerId(r.producerId())
                        .setTransactionState(r.state().displayName()));
            }
        });
        return CompletableFuture.completedFuture(response.setErrorCode(Errors.NONE.code())
                .setUnknownStateFilters(unknown)
                .setTransactionStates(out));
    }

    private static boolean matches(
            TransactionRecord r,
            String id,
            Set<TransactionState> states,
            Set<Long> producerIds,
            long durationFilter,
            Pattern pattern,
            long now) {
        if (!states.isEmpty() && !states.contains(r.state())) {
            return false;
        }
        if (!producerIds.isEmpty() && !producerIds.contains(r.producerId())) {
            return false;
        }
        if (durationFilter >= 0 && (r.txnStartTimestamp() < 0 || now - r.txnStartTimestamp() < durationFilter)) {
            return false;
        }
        return pattern == null || pattern.matcher(id).matches();
    }

    @Override
    public ListTransactionsResponse errorResponse(RequestContext ctx, ListTransactionsRequest request, Errors error) {
        return new ListTransactionsResponse().setErrorCode(error.code());
    }
}
