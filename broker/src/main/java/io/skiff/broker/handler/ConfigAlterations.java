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
import io.skiff.broker.telemetry.ClientMetricsConfigException;
import io.skiff.broker.topic.DynamicBrokerConfigs;
import io.skiff.broker.topic.EligibleLeaderReplicasConfigs;
import io.skiff.broker.topic.InvalidTopicException;
import io.skiff.broker.topic.Topic;
import io.skiff.broker.topic.TopicNames;
import io.skiff.broker.topic.UnknownTopicException;
import io.skiff.config.ConfigException;
import io.skiff.config.GroupConfig;
import io.skiff.config.TopicConfig;
import io.skiff.protocol.Errors;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * What AlterConfigs and IncrementalAlterConfigs share: Kafka 4.1's checks, in Kafka's order, and the one domain call
 * that changes a topic's configuration.
 * <ol>
 *   <li>request level: a resource named twice → INVALID_REQUEST "Each resource must appear at most once." for
 *       both; a key named twice → "Error due to duplicate config keys"; a null value where one is needed →
 *       "Null value not supported for : k1, k2";</li>
 *   <li>TOPIC: the empty name → INVALID_REQUEST "Default topic resources are not allowed."; an illegal name →
 *       INVALID_TOPIC_EXCEPTION; the resulting overrides are validated (INVALID_CONFIG with Kafka's wording)
 *       before the topic's existence (UNKNOWN_TOPIC_OR_PARTITION "The topic 'x' does not exist."), as Kafka's
 *       controller does; then, unless validate-only, persisted and applied to the partitions' logs;</li>
 *   <li>BROKER: the name must be empty (the cluster default) or our node id (INVALID_REQUEST otherwise); the keys
 *       set are checked as Kafka 4.4 checks them ({@link DynamicBrokerConfigChecks}), then what eligible leader
 *       replicas forbid (INVALID_CONFIG: the broker's own min.insync.replicas, deleting the cluster default's), then,
 *       unless validate-only, stored and applied to the topics' defaults ({@link DynamicBrokerConfigs});</li>
 *   <li>GROUP: the empty name → INVALID_REQUEST "Default group resources are not allowed."; the resulting settings
 *       are validated as Kafka's GroupConfig does (INVALID_CONFIG: "Unknown group config name: k", a bad value,
 *       a value outside the broker's group.consumer.min/max.* bounds, a session timeout not above the heartbeat
 *       interval); the group need not exist; then, unless validate-only, persisted ({@link GroupConfigStore});</li>
 *   <li>CLIENT_METRICS (IncrementalAlterConfigs only): the resulting subscription is checked as Kafka's
 *       ClientMetricsConfigs does ({@link io.skiff.broker.telemetry.ClientMetricsSubscription}), then, unless
 *       validate-only, persisted; a subscription left with no keys is removed;</li>
 *   <li>other resource types → INVALID_REQUEST "Unknown resource type N", Kafka's answer for a type its
 *       AlterConfigs path does not serve (Skiff has no broker loggers).</li>
 * </ol>
 *
 * <p>Thread-safe: stateless apart from the thread-safe registry.
 */
final class ConfigAlterations {
    private final ConfigResources resources;

    ConfigAlterations(ConfigResources resources) {
        this.resources = resources;
    }

    /**
     * The outcome for each resource of a request, in request order: resources that appear more than once (same
     * type and name) all fail with {@link #DUPLICATE_RESOURCE}, as in Kafka; one the principal may not alter the
     * configs of fails with the authorization error; every other one is {@code alter}ed.
     */
    static <R> List<ResourceError> alterEach(
            RequestContext ctx,
            List<R> resources,
            Function<R, Byte> type,
            Function<R, String> name,
            Function<R, ResourceError> alter) {
        Map<String, Integer> first = new HashMap<>();
        Set<Integer> duplicates = new HashSet<>();
        for (int i = 0; i < resources.size(); i++) {
            R resource = resources.get(i);
            Integer previous = first.putIfAbsent(type.apply(resource) + "/" + name.apply(resource), i);
            if (previous != null) {
                duplicates.add(previous);
                duplicates.add(i);
            }
        }
        List<ResourceError> results = new ArrayList<>(resources.size());
        for (int i = 0; i < resources.size(); i++) {
            R resource = resources.get(i);
            if (duplicates.contains(i)) {
                results.add(DUPLICATE_RESOURCE);
                continue;
            }
            ResourceError denied = ConfigAuthorization.denied(
                    ctx, type.apply(resource), name.apply(resource), AclOperation.ALTER_CONFIGS);
            results.add(denied != null ? denied : alter.apply(resource));
        }
        return results;
    }

    static final ResourceError DUPLICATE_RESOURCE =
            ResourceError.of(Errors.INVALID_REQUEST, "Each resource must appear at most once.");

    /**
     * The request-level checks of one resource's entries; NONE when they pass.
     *
     * @param name         an entry's key
     * @param missingValue whether an entry lacks the value it needs
     */
    static <C> ResourceError checkEntries(List<C> entries, Function<C, String> name, Predicate<C> missingValue) {
        List<String> keys = new ArrayList<>();
        List<String> keysWithMissingValue = new ArrayList<>();
        for (C entry : entries) {
            keys.add(name.apply(entry));
            if (missingValue.test(entry)) {
                keysWithMissingValue.add(name.apply(entry));
            }
        }
        if (new HashSet<>(keys).size() != keys.size()) {
            return ResourceError.of(Errors.INVALID_REQUEST, "Error due to duplicate config keys");
        }
        if (!keysWithMissingValue.isEmpty()) {
            return ResourceError.of(
                    Errors.INVALID_REQUEST,
                    "Null value not supported for : " + String.join(", ", keysWithMissingValue));
        }
        return ResourceError.NONE;
    }

    static ResourceError unknownResourceType(byte type) {
        return ResourceError.of(Errors.INVALID_REQUEST, "Unknown resource type " + type);
    }

    /**
     * Changes a topic's overrides: {@code change} maps the current overrides (empty for a missing topic) to the new
     * ones, or throws {@link ConfigChangeException} for an operation that cannot apply.
     */
    ResourceError alterTopic(String name, UnaryOperator<Map<String, String>> change, boolean validateOnly) {
        if (name.isEmpty()) {
            return ResourceError.of(Errors.INVALID_REQUEST, "Default topic resources are not allowed.");
        }
        try {
            TopicNames.validate(name);
        } catch (InvalidTopicException e) {
            return ResourceError.of(Errors.INVALID_TOPIC_EXCEPTION, e.getMessage());
        }
        Optional<Topic> topic = resources.topics().topic(name);
        Map<String, String> current = topic.map(t -> t.config().overrides()).orElse(Map.of());
        Map<String, String> next;
        try {
            next = change.apply(new HashMap<>(current));
        } catch (ConfigChangeException e) {
            return e.error();
        }
        try {
            TopicConfig.of(next, resources.topics().brokerConfig());
        } catch (ConfigException e) {
            return ResourceError.of(Errors.INVALID_CONFIG, TopicConfigErrors.message(e, next));
        }
        if (topic.isEmpty()) {
            return unknownTopic(name);
        }
        if (validateOnly) {
            return ResourceError.NONE;
        }
        try {
            resources.topics().alterTopicConfig(name, next);
            return ResourceError.NONE;
        } catch (UnknownTopicException e) {
            return unknownTopic(name);
        } catch (ConfigException e) {
            return ResourceError.of(Errors.INVALID_CONFIG, TopicConfigErrors.message(e, next));
        }
    }

    /**
     * Changes a group's settings: {@code change} maps the current ones (empty when it has none) to the new ones, or
     * throws {@link ConfigChangeException}.
     */
    ResourceError alterGroup(String name, UnaryOperator<Map<String, String>> change, boolean validateOnly) {
        if (name.isEmpty()) {
            return ResourceError.of(Errors.INVALID_REQUEST, "Default group resources are not allowed.");
        }
        Map<String, String> next;
        try {
            next = change.apply(new HashMap<>(resources.groupConfigs().overrides(name)));
        } catch (ConfigChangeException e) {
            return e.error();
        }
        GroupConfig config;
        try {
            config = GroupConfig.validate(next, resources.groupConfigs().brokerConfig());
        } catch (ConfigException e) {
            return ResourceError.of(Errors.INVALID_CONFIG, e.getMessage());
        }
        if (!validateOnly) {
            try {
                resources.groupConfigs().replace(name, config);
            } catch (UncheckedIOException e) {
                return ResourceError.of(Errors.UNKNOWN_SERVER_ERROR, e.getMessage());
            }
        }
        return ResourceError.NONE;
    }

    /**
     * Changes a client-metrics subscription: {@code change} maps its current configuration (empty when there is none)
     * to the new one, or throws {@link ConfigChangeException}.
     */
    ResourceError alterClientMetrics(
            byte type, String name, UnaryOperator<Map<String, String>> change, boolean validateOnly) {
        if (resources.telemetry() == null) {
            return unknownResourceType(type);
        }
        try {
            resources
                    .telemetry()
                    .alter(
                            name,
                            change.apply(new HashMap<>(resources.telemetry().configs(name))),
                            validateOnly);
            return ResourceError.NONE;
        } catch (ConfigChangeException e) {
            return e.error();
        } catch (ClientMetricsConfigException e) {
            return ResourceError.of(e.error(), e.getMessage());
        } catch (UncheckedIOException e) {
            return ResourceError.of(Errors.UNKNOWN_SERVER_ERROR, e.getMessage());
        }
    }

    private static ResourceError unknownTopic(String name) {
        return ResourceError.of(Errors.UNKNOWN_TOPIC_OR_PARTITION, "The topic '" + name + "' does not exist.");
    }

    /**
     * Changes this broker's dynamic configuration (name = our node id) or the cluster default (name ""): {@code
     * change} maps the current keys to the new ones; {@code setKeys} are the keys the request sets (not deletes),
     * checked as Kafka checks them ({@link DynamicBrokerConfigChecks}), {@code namedKeys} all the keys it names; then
     * what eligible leader replicas forbid of min.insync.replicas ({@link EligibleLeaderReplicasConfigs}); then,
     * unless validate-only, stored and applied to the topics' defaults.
     */
    ResourceError alterBroker(
            String name,
            UnaryOperator<Map<String, String>> change,
            Set<String> setKeys,
            Set<String> namedKeys,
            boolean validateOnly) {
        if (!name.isEmpty()) {
            int id;
            try {
                id = Integer.parseInt(name);
            } catch (NumberFormatException e) {
                return ResourceError.of(Errors.INVALID_REQUEST, "Node id must be an integer, but it is: " + name);
            }
            if (id != resources.nodeId()) {
                return ResourceError.of(
                        Errors.INVALID_REQUEST,
                        "Unexpected broker id, expected " + resources.nodeId() + ", but received " + name);
            }
        }
        boolean perBroker = !name.isEmpty();
        DynamicBrokerConfigs dynamic = resources.topics().dynamicConfigs();
        Map<String, String> current = dynamic.configs(perBroker);
        Map<String, String> next;
        try {
            next = change.apply(new HashMap<>(current));
        } catch (ConfigChangeException e) {
            return e.error();
        }
        Map<String, String> set = new LinkedHashMap<>();
        setKeys.forEach(k -> set.put(k, next.get(k)));
        ResourceError refused = DynamicBrokerConfigChecks.check(set, perBroker);
        if (refused.isFailure()) {
            return refused;
        }
        String elrRefusal =
                resources.elr() == null ? null : resources.elr().refusal(perBroker, namedKeys, current, next);
        if (elrRefusal != null) {
            return ResourceError.of(Errors.INVALID_CONFIG, elrRefusal);
        }
        try {
            if (validateOnly) {
                dynamic.check(perBroker, next);
            } else {
                dynamic.replace(perBroker, next);
            }
            return ResourceError.NONE;
        } catch (ConfigException e) {
            return ResourceError.of(Errors.INVALID_REQUEST, e.getMessage());
        } catch (UncheckedIOException e) {
            return ResourceError.of(Errors.UNKNOWN_SERVER_ERROR, e.getMessage());
        }
    }

    /** An operation that cannot be applied to a resource's configuration (e.g. APPEND to a non-list key). */
    static final class ConfigChangeException extends RuntimeException {
        private final transient ResourceError error;

        ConfigChangeException(ResourceError error) {
            super(error.message(), null, false, false);
            this.error = error;
        }

        ResourceError error() {
            return error;
        }
    }
}
