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

import io.skiff.broker.quota.ClientQuotaAlteration;
import io.skiff.broker.quota.ClientQuotaEntity;
import io.skiff.broker.quota.ClientQuotas;
import io.skiff.broker.quota.QuotaError;
import io.skiff.broker.security.acl.AclOperation;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.AlterClientQuotasRequest;
import io.skiff.protocol.message.AlterClientQuotasResponse;
import io.skiff.protocol.message.ApiKeys;
import java.io.UncheckedIOException;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * AlterClientQuotas (key 49), versions 0–1 ({@code kafka-configs --alter --entity-type users|clients|ips}): sets and
 * removes quota values of user, client-id and ip entities and their defaults, checked as Kafka 4.4's controller
 * checks them ({@link io.skiff.broker.quota.ClientQuotas#alter}); the valid changes are persisted before the answer
 * and enforced from the next request. As in Kafka the answer has one entry per distinct entity of the request (an
 * entity's types collapse into a map, so a type named twice keeps its last name). Needs ALTER_CONFIGS on the
 * cluster (CLUSTER_AUTHORIZATION_FAILED for every entry otherwise).
 *
 * <p>Thread-safe: stateless. It writes a file, so it runs on the blocking executor.
 */
public final class AlterClientQuotasHandler
        extends AbstractApiHandler<AlterClientQuotasRequest, AlterClientQuotasResponse> {
    private final ClientQuotas quotas;

    public AlterClientQuotasHandler(ClientQuotas quotas) {
        super(ApiKeys.ALTER_CLIENT_QUOTAS, 0, 1);
        this.quotas = quotas;
    }

    @Override
    public Execution execution() {
        return Execution.BLOCKING_EXECUTOR;
    }

    @Override
    public CompletableFuture<AlterClientQuotasResponse> handle(RequestContext ctx, AlterClientQuotasRequest request) {
        if (!ctx.clusterAllowed(AclOperation.ALTER_CONFIGS)) {
            return CompletableFuture.completedFuture(errorResponse(ctx, request, Errors.CLUSTER_AUTHORIZATION_FAILED));
        }
        List<ClientQuotaAlteration> alterations = new ArrayList<>();
        for (AlterClientQuotasRequest.EntryData entry : request.entries()) {
            List<Map.Entry<String, Double>> ops = new ArrayList<>();
            for (AlterClientQuotasRequest.OpData op : entry.ops()) {
                ops.add(new AbstractMap.SimpleEntry<>(op.key(), op.remove() ? null : op.value()));
            }
            alterations.add(new ClientQuotaAlteration(entity(entry), ops));
        }
        Map<ClientQuotaEntity, QuotaError> results;
        try {
            results = quotas.alter(alterations, request.validateOnly());
        } catch (UncheckedIOException e) {
            return CompletableFuture.completedFuture(errorResponse(ctx, request, Errors.UNKNOWN_SERVER_ERROR));
        }
        AlterClientQuotasResponse response = new AlterClientQuotasResponse();
        results.forEach((entity, error) -> response.entries()
                .add(new AlterClientQuotasResponse.EntryData()
                        .setErrorCode(error.error().code())
                        .setErrorMessage(error.message())
                        .setEntity(entityData(entity))));
        return CompletableFuture.completedFuture(response);
    }

    /** The request entry's entity as Kafka reads it: a map of type → name, a later type replacing an earlier one. */
    private static ClientQuotaEntity entity(AlterClientQuotasRequest.EntryData entry) {
        Map<String, String> parts = new HashMap<>();
        for (AlterClientQuotasRequest.EntityData e : entry.entity()) {
            parts.put(e.entityType(), e.entityName());
        }
        return ClientQuotaEntity.of(parts);
    }

    private static List<AlterClientQuotasResponse.EntityData> entityData(ClientQuotaEntity entity) {
        List<AlterClientQuotasResponse.EntityData> data = new ArrayList<>();
        new HashMap<>(entity.parts())
                .forEach((type, name) -> data.add(new AlterClientQuotasResponse.EntityData()
                        .setEntityType(type)
                        .setEntityName(name)));
        return data;
    }

    @Override
    public AlterClientQuotasResponse errorResponse(RequestContext ctx, AlterClientQuotasRequest request, Errors error) {
        AlterClientQuotasResponse response = new AlterClientQuotasResponse();
        for (AlterClientQuotasRequest.EntryData entry : request.entries()) {
            List<AlterClientQuotasResponse.EntityData> entity = new ArrayList<>();
            for (AlterClientQuotasRequest.EntityData e : entry.entity()) {
                entity.add(new AlterClientQuotasResponse.EntityData()
                        .setEntityType(e.entityType())
                        .setEntityName(e.entityName()));
            }
            response.entries()
                    .add(new AlterClientQuotasResponse.EntryData()
                            .setErrorCode(error.code())
                            .setErrorMessage(error.message())
                            .setEntity(entity));
        }
        return response;
    }
}
