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

import io.skiff.protocol.message.AlterConfigsRequest;
import io.skiff.protocol.message.AlterConfigsRequest.AlterConfigsResource;
import io.skiff.protocol.message.AlterConfigsRequest.AlterableConfig;
import io.skiff.protocol.message.AlterConfigsResponse;
import io.skiff.protocol.message.AlterConfigsResponse.AlterConfigsResourceResponse;
import io.skiff.protocol.message.ApiKeys;
import java.util.HashMap;
import java.util.Map;

/**
 * AlterConfigs (key 33), versions 0–2, Kafka's legacy (non-incremental) form: the configs given REPLACE the
 * resource's whole set of overrides — keys not named return to their defaults. TOPIC resources are validated,
 * persisted and applied to the live logs (unless {@code validate_only}); GROUP resources are validated and
 * persisted, and consumer groups use them from their members' next heartbeat; BROKER resources replace the dynamic
 * configuration of this broker (its node id) or of the cluster default (""); other types get "Unknown resource type"
 * (Kafka: legacy AlterConfigs does not serve BROKER_LOGGER). Errors and messages: see {@link ConfigAlterations}.
 */
public final class AlterConfigsHandler
        extends ConfigAlterationHandler<AlterConfigsRequest, AlterConfigsResponse, AlterConfigsResource> {
    public AlterConfigsHandler(ConfigResources resources) {
        super(
                ApiKeys.ALTER_CONFIGS,
                0,
                2,
                new ConfigAlterations(resources.withoutClientMetrics()),
                AlterConfigsRequest::resources,
                AlterConfigsResource::resourceType,
                AlterConfigsResource::resourceName,
                AlterConfigsResponse::new);
    }

    @Override
    protected void answer(AlterConfigsResponse response, AlterConfigsResource resource, ResourceError result) {
        response.responses()
                .add(result.on(new AlterConfigsResourceResponse())
                        .setResourceType(resource.resourceType())
                        .setResourceName(resource.resourceName()));
    }

    @Override
    protected ResourceError alter(AlterConfigsResource resource, AlterConfigsRequest request) {
        boolean validateOnly = request.validateOnly();
        ResourceError entries = ConfigAlterations.checkEntries(
                resource.configs(), AlterableConfig::name, config -> config.value() == null);
        if (entries.isFailure()) {
            return entries;
        }
        Map<String, String> given = new HashMap<>();
        for (AlterableConfig config : resource.configs()) {
            given.put(config.name(), config.value());
        }
        return switch (ConfigResourceType.forId(resource.resourceType())) {
            case TOPIC -> alterations.alterTopic(resource.resourceName(), current -> given, validateOnly);
            case GROUP -> alterations.alterGroup(resource.resourceName(), current -> given, validateOnly);
            case BROKER ->
                alterations.alterBroker(
                        resource.resourceName(), current -> given, given.keySet(), given.keySet(), validateOnly);
            default -> ConfigAlterations.unknownResourceType(resource.resourceType());
        };
    }
}
