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

import io.skiff.broker.group.common.GroupConfigStore;
import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.topic.Topic;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.ListConfigResourcesRequest;
import io.skiff.protocol.message.ListConfigResourcesResponse;
import io.skiff.protocol.message.ListConfigResourcesResponse.ConfigResource;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * ListConfigResources (key 74), versions 0–1; v0 is Kafka 3.x's ListClientMetricsResources
 * ({@code kafka-client-metrics --list}, {@code Admin.listConfigResources}). v0 lists client-metrics resources:
 * Skiff has none. v1 lists the resources of the requested types (none requested: every type): a topic per topic,
 * internal ones included, by name; the broker as its node id; a group per group id that has settings of its own
 * (whether or not the group exists; also once its settings were all removed, as Kafka 4.1 keeps listing it, see
 * {@link GroupConfigStore}); a client-metrics resource per subscription, listed first as Kafka lists them. Broker
 * loggers, which Kafka lists, are left
 * out: Skiff does not describe or alter them. A type Kafka does not define → UNSUPPORTED_VERSION, as Kafka
 * answers. Needs DESCRIBE_CONFIGS on the cluster.
 *
 * <p>Thread-safe: stateless apart from the thread-safe registry.
 */
public final class ListConfigResourcesHandler
        extends AbstractApiHandler<ListConfigResourcesRequest, ListConfigResourcesResponse> {
    private final ConfigResources resources;

    public ListConfigResourcesHandler(ConfigResources resources) {
        super(ApiKeys.LIST_CONFIG_RESOURCES, 0, 1);
        this.resources = resources;
    }

    @Override
    public CompletableFuture<ListConfigResourcesResponse> handle(
            RequestContext ctx, ListConfigResourcesRequest request) {
        if (!ctx.clusterAllowed(AclOperation.DESCRIBE_CONFIGS)) {
            return CompletableFuture.completedFuture(errorResponse(ctx, request, Errors.CLUSTER_AUTHORIZATION_FAILED));
        }
        ListConfigResourcesResponse response = new ListConfigResourcesResponse();
        if (ctx.apiVersion() == 0) {
            addClientMetrics(response); // client-metrics resources only
            return CompletableFuture.completedFuture(response);
        }
        List<ConfigResourceType> types = new ArrayList<>();
        for (byte id : request.resourceTypes()) {
            ConfigResourceType type = ConfigResourceType.forId(id);
            if (type == ConfigResourceType.UNKNOWN) {
                return CompletableFuture.completedFuture(errorResponse(ctx, request, Errors.UNSUPPORTED_VERSION));
            }
            types.add(type);
        }
        boolean all = types.isEmpty();
        if (all || types.contains(ConfigResourceType.CLIENT_METRICS)) {
            addClientMetrics(response);
        }
        if (all || types.contains(ConfigResourceType.GROUP)) {
            resources
                    .groupConfigs()
                    .groupsWithConfigs()
                    .forEach(group -> response.configResources().add(resource(group, ConfigResourceType.GROUP)));
        }
        if (all || types.contains(ConfigResourceType.BROKER)) {
            response.configResources().add(resource(String.valueOf(resources.nodeId()), ConfigResourceType.BROKER));
        }
        if (all || types.contains(ConfigResourceType.TOPIC)) {
            for (Topic topic : resources.topics().topics()) { // sorted by name
                response.configResources().add(resource(topic.name(), ConfigResourceType.TOPIC));
            }
        }
        return CompletableFuture.completedFuture(response);
    }

    private void addClientMetrics(ListConfigResourcesResponse response) {
        if (resources.telemetry() != null) {
            resources
                    .telemetry()
                    .subscriptions()
                    .keySet()
                    .forEach(name -> response.configResources().add(resource(name, ConfigResourceType.CLIENT_METRICS)));
        }
    }

    private static ConfigResource resource(String name, ConfigResourceType type) {
        return new ConfigResource().setResourceName(name).setResourceType(type.id());
    }

    @Override
    public ListConfigResourcesResponse errorResponse(
            RequestContext ctx, ListConfigResourcesRequest request, Errors error) {
        return new ListConfigResourcesResponse().setErrorCode(error.code());
    }
}
