package io.skiff.broker.handler;

import io.skiff.broker.security.acl.AclOperation;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.DescribeClientQuotasRequest;
import io.skiff.protocol.message.DescribeClientQuotasRequest.ComponentData;
import io.skiff.protocol.message.DescribeClientQuotasResponse;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * DescribeClientQuotas (key 48), versions 0-1. Skiff enforces no client quotas and has none to describe, so a
 * valid filter matches nothing: an empty entry list, as Kafka answers when no quota is set. The filter is still
 * validated in Kafka's order with Kafka's errors and messages (an empty or repeated entity type, an exact match
 * without a name, a name on a default or "specified" match, an unknown match type → INVALID_REQUEST; an entity
 * type other than user, client-id and ip → UNSUPPORTED_VERSION; ip together with user or client-id →
 * INVALID_REQUEST), so tools see the same failures. Requires DESCRIBE_CONFIGS on the cluster when an authorizer is
 * configured. Kafka's ConfigCommand sends it for every {@code --describe --entity-type users}.
 *
 * <p>Thread-safe: stateless.
 */
public final class DescribeClientQuotasHandler
        extends AbstractApiHandler<DescribeClientQuotasRequest, DescribeClientQuotasResponse> {
    private static final byte MATCH_TYPE_EXACT = 0;
    private static final byte MATCH_TYPE_DEFAULT = 1;
    private static final byte MATCH_TYPE_SPECIFIED = 2;
    private static final String USER = "user";
    private static final String CLIENT_ID = "client-id";
    private static final String IP = "ip";

    public DescribeClientQuotasHandler() {
        super(ApiKeys.DESCRIBE_CLIENT_QUOTAS, 0, 1);
    }

    @Override
    public CompletableFuture<DescribeClientQuotasResponse> handle(
            RequestContext ctx, DescribeClientQuotasRequest request) {
        if (!ctx.clusterAllowed(AclOperation.DESCRIBE_CONFIGS)) {
            return done(error(Errors.CLUSTER_AUTHORIZATION_FAILED, Errors.CLUSTER_AUTHORIZATION_FAILED.message()));
        }
        DescribeClientQuotasResponse invalid = validate(request.components());
        if (invalid != null) {
            return done(invalid);
        }
        return done(new DescribeClientQuotasResponse().setErrorCode(Errors.NONE.code()));
    }

    /** The error answer for the first invalid component of the filter, or null when the filter is valid. */
    private static DescribeClientQuotasResponse validate(List<ComponentData> components) {
        Set<String> types = new HashSet<>();
        for (ComponentData component : components) {
            String type = component.entityType();
            if (type.isEmpty()) {
                return error(Errors.INVALID_REQUEST, "Invalid empty entity type.");
            }
            if (!types.add(type)) {
                return error(
                        Errors.INVALID_REQUEST, "Entity type " + type + " cannot appear more than once in the filter.");
            }
            if (!type.equals(USER) && !type.equals(CLIENT_ID) && !type.equals(IP)) {
                return error(Errors.UNSUPPORTED_VERSION, "Unsupported entity type " + type);
            }
            String problem = switch (component.matchType()) {
                case MATCH_TYPE_EXACT ->
                    component.match() == null
                            ? "Request specified MATCH_TYPE_EXACT, but set match string to null."
                            : null;
                case MATCH_TYPE_DEFAULT ->
                    component.match() != null
                            ? "Request specified MATCH_TYPE_DEFAULT, but also specified a match string."
                            : null;
                case MATCH_TYPE_SPECIFIED ->
                    component.match() != null
                            ? "Request specified MATCH_TYPE_SPECIFIED, but also specified a match string."
                            : null;
                default -> "Unknown match type " + component.matchType();
            };
            if (problem != null) {
                return error(Errors.INVALID_REQUEST, problem);
            }
        }
        if (types.contains(IP) && (types.contains(USER) || types.contains(CLIENT_ID))) {
            return error(
                    Errors.INVALID_REQUEST,
                    "Invalid entity filter component combination. IP filter component should not be used with user"
                            + " or clientId filter component.");
        }
        return null;
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
