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
