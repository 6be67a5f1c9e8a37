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
import io.skiff.broker.telemetry.ClientTelemetry;
import io.skiff.broker.topic.EligibleLeaderReplicasConfigs;
import io.skiff.broker.topic.TopicRegistry;

/**
 * What the config APIs (DescribeConfigs, AlterConfigs, IncrementalAlterConfigs, ListConfigResources) describe, alter
 * and list: the topics, the groups' configurations, the client-metrics subscriptions and this broker (its node id).
 *
 * @param telemetry the client-metrics subscriptions; null: none, and CLIENT_METRICS resources are not served
 * @param elr       what eligible leader replicas forbid of min.insync.replicas; null: nothing (handler tests)
 */
public record ConfigResources(
        TopicRegistry topics,
        GroupConfigStore groupConfigs,
        ClientTelemetry telemetry,
        int nodeId,
        EligibleLeaderReplicasConfigs elr) {

    /** Resources without the rules of eligible leader replicas. */
    public ConfigResources(TopicRegistry topics, GroupConfigStore groupConfigs, ClientTelemetry telemetry, int nodeId) {
        this(topics, groupConfigs, telemetry, nodeId, null);
    }

    /** The same resources without client-metrics subscriptions (legacy AlterConfigs does not serve them). */
    public ConfigResources withoutClientMetrics() {
        return new ConfigResources(topics, groupConfigs, null, nodeId, elr);
    }
}
