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

import io.skiff.broker.quota.ClientQuotaFilter;
import io.skiff.broker.quota.ClientQuotaFilter.InvalidFilterException;
import io.skiff.broker.quota.ClientQuotas;
import io.skiff.broker.quota.QuotaError;
import io.skiff.broker.security.acl.AclOperation;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.DescribeClientQuotasRequest;
import io.skiff.protocol.message.DescribeClientQuotasResponse;
import io.skiff.protocol.message.DescribeClientQuotasResponse.EntityData;
import io.skiff.protocol.message.DescribeClientQuotasResponse.EntryData;
import io.skiff.protocol.message.DescribeClientQuotasResponse.ValueData;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * DescribeClientQuotas (key 48), versions 0–1 ({@code kafka-configs --describe --entity-type users|clients|ips}): the
 * quota entities that match the filter, with their values, as Kafka 4.4's broker answers from its metadata image
 * ({@link ClientQuotaFilter}: exact name, default, or any entity of a type; strict or not). An invalid filter gets
 * Kafka's error and message and no entries (INVALID_REQUEST; UNSUPPORTED_VERSION for an unknown entity type). Needs
 * DESCRIBE_CONFIGS on the cluster when an authorizer is configured.
 *
 * <p>Thread-safe: reads an immutable snapshot of the quotas.
 */
public final class DescribeClientQuotasHandler
        extends AbstractApiHandler<DescribeClientQuotasRequest, DescribeClientQuotasResponse> {
    private final ClientQuotas quotas;

    public DescribeClientQuotasHandler(ClientQuotas quotas) {
        super(ApiKeys.DESCRIBE_CLIENT_QUOTAS, 0, 1);
        this.quotas = quotas;
    }

    @Override
    public CompletableFuture<DescribeClientQuotasResponse> handle(
            RequestContext ctx, DescribeClientQuotasRequest request) {
        if (!ctx.clusterAllowed(AclOperation.DESCRIBE_CONFIGS)) {
            return done(error(Errors.CLUSTER_AUTHORIZATION_FAILED, Errors.CLUSTER_AUTHORIZATION_FAILED.message()));
        }
        List<ClientQuotaFilter.Component> components = new ArrayList<>();
        for (DescribeClientQuotasRequest.ComponentData c : request.components()) {
            components.add(new ClientQuotaFilter.Component(c.entityType(), c.matchType(), c.match()));
        }
        ClientQuotaFilter filter;
        try {
            filter = ClientQuotaFilter.parse(components, request.strict());
        } catch (InvalidFilterException e) {
            QuotaError error = e.error();
            return done(error(error.error(), error.message()));
        }
        DescribeClientQuotasResponse response = new DescribeClientQuotasResponse().setErrorCode(Errors.NONE.code());
        quotas.describe(filter).forEach((entity, values) -> {
            EntryData entry = new EntryData();
            entity.parts()
                    .forEach((type, name) -> entry.entity()
                            .add(new EntityData().setEntityType(type).setEntityName(name)));
            values.forEach((key, value) ->
                    entry.values().add(new ValueData().setKey(key).setValue(value)));
            response.entries().add(entry);
        });
        return done(response);
    }

    private static DescribeClientQuotasResponse error(Errors error, String message) {
        return new DescribeClientQuotasResponse()
                .setErrorCode(error.code())
                .setErrorMessage(message)
                .setEntries(null);
    }

    private static CompletableFuture<DescribeClientQuotasResponse> done(DescribeClientQuotasResponse response) {
        return CompletableFuture.completedFuture(response);
    }

    @Override
    public DescribeClientQuotasResponse errorResponse(
            RequestContext ctx, DescribeClientQuotasRequest request, Errors error) {
        return error(error, error.message());
    }
}
