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

import io.skiff.broker.handler.ConfigAlterations.ConfigChangeException;
import io.skiff.config.BrokerConfigKeys;
import io.skiff.config.ConfigKey;
import io.skiff.config.ConfigKeyTable;
import io.skiff.config.ConfigType;
import io.skiff.config.GroupConfigKeys;
import io.skiff.config.TopicConfigKeys;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.IncrementalAlterConfigsRequest;
import io.skiff.protocol.message.IncrementalAlterConfigsRequest.AlterConfigsResource;
import io.skiff.protocol.message.IncrementalAlterConfigsRequest.AlterableConfig;
import io.skiff.protocol.message.IncrementalAlterConfigsResponse;
import io.skiff.protocol.message.IncrementalAlterConfigsResponse.AlterConfigsResourceResponse;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * IncrementalAlterConfigs (key 44), versions 0–1: per-key operations on a resource's overrides, as Kafka 4.1's
 * controller applies them — SET (0) sets the key, DELETE (1) returns it to its default, APPEND (2) / SUBTRACT (3)
 * add / remove comma-separated items of a LIST key (starting from the key's default when it is not set; APPEND
 * skips items already present). APPEND/SUBTRACT on a key that is not a list → INVALID_CONFIG "Can't APPEND to key
 * K because its type is not LIST."; an unknown operation id → INVALID_REQUEST. TOPIC changes are validated,
 * persisted and applied to the live logs unless {@code validate_only}; GROUP changes are validated and persisted
 * (no key of a group is a LIST, so APPEND/SUBTRACT always fail there, as in Kafka); BROKER changes alter this broker's
 * or the cluster default's dynamic configuration (see {@link ConfigAlterations}); CLIENT_METRICS changes are validated and persisted as
 * client-metrics subscriptions (APPEND/SUBTRACT fail, as in Kafka 4.4); BROKER_LOGGER and other types → "Unknown
 * resource type".
 */
public final class IncrementalAlterConfigsHandler
        extends ConfigAlterationHandler<
                IncrementalAlterConfigsRequest, IncrementalAlterConfigsResponse, AlterConfigsResource> {
    static final byte SET = 0;
    static final byte DELETE = 1;
    static final byte APPEND = 2;
    static final byte SUBTRACT = 3;
    private static final String[] OP_NAMES = {"SET", "DELETE", "APPEND", "SUBTRACT"};

    private static final ConfigKeyTable NO_LIST_KEYS = ConfigKeyTable.builder().build();

    public IncrementalAlterConfigsHandler(ConfigResources resources) {
        super(
                ApiKeys.INCREMENTAL_ALTER_CONFIGS,
                0,
                1,
                new ConfigAlterations(resources),
                IncrementalAlterConfigsRequest::resources,
                AlterConfigsResource::resourceType,
                AlterConfigsResource::resourceName,
                IncrementalAlterConfigsResponse::new);
    }

    @Override
    protected void answer(
            IncrementalAlterConfigsResponse response, AlterConfigsResource resource, ResourceError result) {
        response.responses()
                .add(result.on(new AlterConfigsResourceResponse())
                        .setResourceType(resource.resourceType())
                        .setResourceName(resource.resourceName()));
    }

    @Override
    protected ResourceError alter(AlterConfigsResource resource, IncrementalAlterConfigsRequest request) {
        boolean validateOnly = request.validateOnly();
        ResourceError entries = ConfigAlterations.checkEntries(
                resource.configs(),
                AlterableConfig::name,
                config -> config.configOperation() != DELETE && config.value() == null);
        if (entries.isFailure()) {
            return entries;
        }
        for (AlterableConfig config : resource.configs()) {
            if (config.configOperation() < SET || config.configOperation() > SUBTRACT) {
                return ResourceError.of(Errors.INVALID_REQUEST, "Unknown operations type " + config.configOperation());
            }
        }
        return switch (ConfigResourceType.forId(resource.resourceType())) {
            case TOPIC ->
                alterations.alterTopic(
                        resource.resourceName(), current -> applyTopicOps(current, resource.configs()), validateOnly);
            case GROUP ->
                alterations.alterGroup(
                        resource.resourceName(),
                        current -> applyOps(current, resource.configs(), GroupConfigKeys.TABLE),
                        validateOnly);
            case BROKER ->
                alterations.alterBroker(
                        resource.resourceName(),
                        current -> applyOps(current, resource.configs(), BrokerConfigKeys.TABLE),
                        keysSet(resource.configs()),
                        keysNamed(resource.configs()),
                        validateOnly);
            case CLIENT_METRICS ->
                // Kafka 4.4 has no key of a subscription typed LIST here, so APPEND/SUBTRACT always fail.
                alterations.alterClientMetrics(
                        resource.resourceType(),
                        resource.resourceName(),
                        current -> applyOps(current, resource.configs(), NO_LIST_KEYS),
                        validateOnly);
            default -> ConfigAlterations.unknownResourceType(resource.resourceType());
        };
    }

    /** Applies the operations to a copy of a topic's overrides. */
    static Map<String, String> applyTopicOps(Map<String, String> overrides, List<AlterableConfig> ops) {
        return applyOps(overrides, ops, TopicConfigKeys.TABLE);
    }

    /** Applies the operations to a copy of a resource's overrides; {@code table} says which keys are lists. */
    static Map<String, String> applyOps(
            Map<String, String> overrides, List<AlterableConfig> ops, ConfigKeyTable table) {
        for (AlterableConfig op : ops) {
            String key = op.name();
            switch (op.configOperation()) {
                case SET -> overrides.put(key, op.value());
                case DELETE -> overrides.remove(key);
                default -> {
                    ConfigKey definition = table.get(key);
                    if (definition == null || definition.type() != ConfigType.LIST) {
                        throw new ConfigChangeException(ResourceError.of(
                                Errors.INVALID_CONFIG,
                                "Can't " + OP_NAMES[op.configOperation()] + " to key " + key
                                        + " because its type is not LIST."));
                    }
                    String base = overrides.containsKey(key) ? overrides.get(key) : definition.defaultValue();
                    List<String> items = new ArrayList<>();
                    for (String item : base == null ? new String[0] : base.split(",")) {
                        if (!item.isEmpty()) {
                            items.add(item);
                        }
                    }
                    for (String item : op.value().split(",")) {
                        if (op.configOperation() == APPEND && !items.contains(item)) {
                            items.add(item);
                        } else if (op.configOperation() == SUBTRACT) {
                            items.remove(item);
                        }
                    }
                    overrides.put(key, String.join(",", items));
                }
            }
        }
        return overrides;
    }

    /** Every key the operations name. */
    private static Set<String> keysNamed(List<AlterableConfig> ops) {
        Set<String> named = new LinkedHashSet<>();
        ops.forEach(op -> named.add(op.name()));
        return named;
    }

    /** The keys a change sets, appends to or subtracts from (Kafka checks those; deleting any key is allowed). */
    private static Set<String> keysSet(List<AlterableConfig> ops) {
        Set<String> set = new LinkedHashSet<>();
        for (AlterableConfig op : ops) {
            if (op.configOperation() != DELETE) {
                set.add(op.name());
            }
        }
        return set;
    }
}
