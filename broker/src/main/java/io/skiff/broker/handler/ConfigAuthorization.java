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
import io.skiff.protocol.Errors;

/**
 * The ACL check of the config APIs, as Kafka's: topic configs need the operation on the topic
 * (TOPIC_AUTHORIZATION_FAILED), group configs on the group (GROUP_AUTHORIZATION_FAILED), broker, broker-logger and
 * client-metrics configs on the cluster (CLUSTER_AUTHORIZATION_FAILED).
 *
 * <p>Stateless.
 */
final class ConfigAuthorization {
    private ConfigAuthorization() {}

    /** The error for a config resource the request may not {@code operation}, or null when it may. */
    static ResourceError denied(RequestContext ctx, byte resourceType, String name, AclOperation operation) {
        ConfigResourceType type = ConfigResourceType.forId(resourceType);
        if (type == ConfigResourceType.TOPIC) {
            return ctx.allowed(operation, ResourceType.TOPIC, name)
                    ? null
                    : ResourceError.of(Errors.TOPIC_AUTHORIZATION_FAILED, null);
        }
        if (type == ConfigResourceType.GROUP) {
            return ctx.allowed(operation, ResourceType.GROUP, name)
                    ? null
                    : ResourceError.of(Errors.GROUP_AUTHORIZATION_FAILED, null);
        }
        return ctx.clusterAllowed(operation) ? null : ResourceError.of(Errors.CLUSTER_AUTHORIZATION_FAILED, null);
    }
}
