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
import io.skiff.broker.telemetry.ClientMetricsSubscription;
import io.skiff.broker.topic.InvalidTopicException;
import io.skiff.broker.topic.Topic;
import io.skiff.broker.topic.TopicNames;
import io.skiff.config.ConfigEntry;
import io.skiff.config.ConfigSynonym;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.DescribeConfigsRequest;
import io.skiff.protocol.message.DescribeConfigsRequest.DescribeConfigsResource;
import io.skiff.protocol.message.DescribeConfigsResponse;
import io.skiff.protocol.message.DescribeConfigsResponse.DescribeConfigsResourceResult;
import io.skiff.protocol.message.DescribeConfigsResponse.DescribeConfigsResult;
import io.skiff.protocol.message.DescribeConfigsResponse.DescribeConfigsSynonym;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * DescribeConfigs (key 32), versions 1–4: the configuration of topics and of this broker, as Kafka 4.1 answers.
 * <ul>
 *   <li>TOPIC: every topic key with its effective value, source (TOPIC_CONFIG / STATIC_BROKER_CONFIG /
 *       DEFAULT_CONFIG), read-only false, sensitive false; synonyms when {@code include_synonyms}, documentation
 *       when {@code include_documentation} (v3+), the value type (v3+). An illegal name → INVALID_TOPIC_EXCEPTION
 *       with the reason; a missing topic → UNKNOWN_TOPIC_OR_PARTITION with the empty default message (as Kafka).</li>
 *   <li>BROKER named by our node id: every broker key, read-only unless Kafka changes it dynamically, its source
 *       and synonyms over the dynamic layers (DYNAMIC_BROKER_CONFIG, DYNAMIC_DEFAULT_BROKER_CONFIG,
 *       STATIC_BROKER_CONFIG, DEFAULT_CONFIG), then the dynamic keys no table knows. The empty name (the cluster
 *       default) → the keys set there, each with itself as its one synonym. Another id → INVALID_REQUEST
 *       "Unexpected broker id, expected N or empty string, but received X"; a non-number → INVALID_REQUEST.</li>
 *   <li>GROUP: every group key (Kafka 4.1's GroupConfig, also the share.* and streams.* ones) with the group's own
 *       value (source DYNAMIC_GROUP_CONFIG) or the default from the broker (DEFAULT_CONFIG, also for defaults taken
 *       from group.consumer.* keys, as Kafka reports them); read-only false; the one synonym is the key itself. Any
 *       group id, existing or not; the empty name → INVALID_REQUEST "Group name must not be empty".</li>
 *   <li>CLIENT_METRICS: the subscription's three keys (interval.ms, match, metrics), as set
 *       (DYNAMIC_CLIENT_METRICS_CONFIG) or their defaults, for any name; the empty name → INVALID_REQUEST "Client
 *       metrics subscription name must not be empty".</li>
 *   <li>BROKER_LOGGER is not supported by Skiff: the resource gets INVALID_REQUEST
 *       "Unsupported resource type: TYPE", Kafka's answer for a type it does not serve. A type id Kafka does not
 *       define fails every resource of the request with INVALID_REQUEST, as Kafka does.</li>
 *   <li>{@code configuration_keys}: null or empty → all keys, else only the keys named (unknown names are skipped).</li>
 * </ul>
 *
 * <p>Thread-safe: stateless apart from the thread-safe registry.
 */
public final class DescribeConfigsHandler extends AbstractApiHandler<DescribeConfigsRequest, DescribeConfigsResponse> {
    private final ConfigResources resources;

    public DescribeConfigsHandler(ConfigResources resources) {
        super(ApiKeys.DESCRIBE_CONFIGS, 1, 4);
        this.resources = resources;
    }

    @Override
    public CompletableFuture<DescribeConfigsResponse> handle(RequestContext ctx, DescribeConfigsRequest request) {
        for (DescribeConfigsResource resource : request.resources()) {
            if (ConfigResourceType.forId(resource.resourceType()) == ConfigResourceType.UNKNOWN) {
                // Kafka rejects the whole request ("Unexpected resource type") before describing anything.
                return CompletableFuture.completedFuture(errorResponse(ctx, request, Errors.INVALID_REQUEST));
            }
        }
        DescribeConfigsResponse response = new DescribeConfigsResponse();
        for (DescribeConfigsResource resource : request.resources()) {
            ResourceError denied = ConfigAuthorization.denied(
                    ctx, resource.resourceType(), resource.resourceName(), AclOperation.DESCRIBE_CONFIGS);
            response.results()
                    .add(
                            denied != null
                                    ? new DescribeConfigsResult()
                                            .setResourceType(resource.resourceType())
                                            .setResourceName(resource.resourceName())
                                            .setErrorCode(denied.code())
                                            .setErrorMessage(denied.error().message())
                                    : describe(resource, request.includeSynonyms(), request.includeDocumentation()));
        }
        return CompletableFuture.completedFuture(response);
    }

    private DescribeConfigsResult describe(DescribeConfigsResource resource, boolean synonyms, boolean docs) {
        DescribeConfigsResult result = new DescribeConfigsResult()
                .setResourceType(resource.resourceType())
                .setResourceName(resource.resourceName());
        String name = resource.resourceName();
        ConfigResourceType type = ConfigResourceType.forId(resource.resourceType());
        switch (type) {
            case TOPIC -> {
                try {
                    TopicNames.validate(name);
                } catch (InvalidTopicException e) {
                    return fail(result, Errors.INVALID_TOPIC_EXCEPTION, e.getMessage());
                }
                Optional<Topic> topic = resources.topics().topic(name);
                if (topic.isEmpty()) {
                    return result.setErrorCode(Errors.UNKNOWN_TOPIC_OR_PARTITION.code());
                }
                addEntries(result, topic.get().config().describe(), resource.configurationKeys(), synonyms, docs);
            }
            case BROKER -> {
                if (name == null || name.isEmpty()) {
                    addEntries(
                            result,
                            resources.topics().brokerConfig().describeClusterDefault(),
                            resource.configurationKeys(),
                            synonyms,
                            docs);
                    return result;
                }
                Integer id = parseInt(name);
                if (id == null) {
                    return fail(result, Errors.INVALID_REQUEST, "Broker id must be an integer, but it is: " + name);
                }
                if (id != resources.nodeId()) {
                    return fail(
                            result,
                            Errors.INVALID_REQUEST,
                            "Unexpected broker id, expected " + resources.nodeId() + " or empty string, but received "
                                    + name);
                }
                addEntries(
                        result,
                        resources.topics().brokerConfig().describe(),
                        resource.configurationKeys(),
                        synonyms,
                        docs);
            }
            case GROUP -> {
                if (name == null || name.isEmpty()) {
                    return fail(result, Errors.INVALID_REQUEST, "Group name must not be empty");
                }
                addEntries(
                        result,
                        resources.groupConfigs().config(name).describe(),
                        resource.configurationKeys(),
                        synonyms,
                        docs);
            }
            case CLIENT_METRICS -> {
                if (resources.telemetry() == null) {
                    return fail(result, Errors.INVALID_REQUEST, "Unsupported resource type: " + type);
                }
                if (name == null || name.isEmpty()) {
                    return fail(result, Errors.INVALID_REQUEST, "Client metrics subscription name must not be empty");
                }
                addEntries(
                        result,
                        ClientMetricsSubscription.describe(resources.telemetry().configs(name)),
                        resource.configurationKeys(),
                        synonyms,
                        docs);
            }
            default -> {
                return fail(result, Errors.INVALID_REQUEST, "Unsupported resource type: " + type);
            }
        }
        return result;
    }

    private static void addEntries(
            DescribeConfigsResult result,
            List<ConfigEntry> entries,
            List<String> keys,
            boolean includeSynonyms,
            boolean includeDocumentation) {
        for (ConfigEntry entry : entries) {
            if (keys != null && !keys.isEmpty() && !keys.contains(entry.name())) {
                continue;
            }
            List<DescribeConfigsSynonym> synonyms = new ArrayList<>();
            if (includeSynonyms) {
                for (ConfigSynonym s : entry.synonyms()) {
                    synonyms.add(new DescribeConfigsSynonym()
                            .setName(s.name())
                            .setValue(s.value())
                            .setSource(s.source().id()));
                }
            }
            result.configs()
                    .add(new DescribeConfigsResourceResult()
                            .setName(entry.name())
                            .setValue(entry.value())
                            .setReadOnly(entry.readOnly())
                            .setConfigSource(entry.source().id())
                            .setIsSensitive(entry.sensitive())
                            .setSynonyms(synonyms)
                            .setConfigType(entry.type().id())
                            .setDocumentation(includeDocumentation ? entry.documentation() : null));
        }
    }

    private static DescribeConfigsResult fail(DescribeConfigsResult result, Errors error, String message) {
        return result.setErrorCode(error.code()).setErrorMessage(message).setConfigs(new ArrayList<>());
    }

    private static Integer parseInt(String s) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    @Override
    public DescribeConfigsResponse errorResponse(RequestContext ctx, DescribeConfigsRequest request, Errors error) {
        DescribeConfigsResponse response = new DescribeConfigsResponse();
        for (DescribeConfigsResource resource : request.resources()) {
            response.results()
                    .add(new DescribeConfigsResult()
                            .setErrorCode(error.code())
                            .setErrorMessage(error.message())
                            .setResourceType(resource.resourceType())
                            .setResourceName(resource.resourceName()));
        }
        return response;
    }
}
