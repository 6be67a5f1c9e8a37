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

import io.skiff.broker.security.acl.AclBinding;
import io.skiff.broker.security.acl.AclBindingFilter;
import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.security.acl.AclPermissionType;
import io.skiff.broker.security.acl.AclStore;
import io.skiff.broker.security.acl.PatternType;
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.protocol.ApiMessage;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.CreateAclsRequest;
import io.skiff.protocol.message.CreateAclsResponse;
import io.skiff.protocol.message.DeleteAclsRequest;
import io.skiff.protocol.message.DeleteAclsResponse;
import io.skiff.protocol.message.DescribeAclsRequest;
import io.skiff.protocol.message.DescribeAclsResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * CreateAcls (30), DescribeAcls (29) and DeleteAcls (31), versions 1–3, over the {@link AclStore}. Changing ACLs
 * needs ALTER on the cluster, reading them DESCRIBE; without an authorizer every request gets SECURITY_DISABLED
 * ("No Authorizer is configured."), as in Kafka. A DescribeAcls filter with UNKNOWN elements closes the connection
 * without an answer, as Kafka's request parser refuses it; other invalid bindings and filters get INVALID_REQUEST
 * with the reason.
 * Changes are persisted before the answer.
 *
 * <p>Thread-safe: the handlers are stateless apart from the thread-safe store; changes write and fsync a file, so
 * they run on the blocking executor.
 */
public final class AclHandlers {
    private static final String NO_AUTHORIZER = "No Authorizer is configured.";
    /** Kafka words DescribeAcls' answer differently from the other two. */
    private static final String NO_AUTHORIZER_DESCRIBE = "No Authorizer is configured on the broker";

    private AclHandlers() {}

    /** Registers the three ACL handlers; {@code store} is null when no authorizer is configured. */
    public static void register(HandlerRegistry registry, AclStore store) {
        registry.register(new Create(store));
        registry.register(new Describe(store));
        registry.register(new Delete(store));
    }

    /**
     * What CreateAcls and DeleteAcls share: without an authorizer SECURITY_DISABLED, without ALTER on the cluster
     * CLUSTER_AUTHORIZATION_FAILED, for every entry of the request; otherwise the change, persisted before the answer.
     */
    abstract static class Change<Q extends ApiMessage, S extends ApiMessage> extends BlockingApiHandler<Q, S> {
        protected final AclStore store;

        Change(ApiKeys api, AclStore store) {
            super(api, 1, 3);
            this.store = store;
        }

        @Override
        protected final S respond(RequestContext ctx, Q request) {
            if (store == null) {
                return all(request, Errors.SECURITY_DISABLED, NO_AUTHORIZER);
            }
            if (!ctx.clusterAllowed(AclOperation.ALTER)) {
                return all(request, Errors.CLUSTER_AUTHORIZATION_FAILED, Errors.CLUSTER_AUTHORIZATION_FAILED.message());
            }
            return change(request);
        }

        /** Applies an allowed request to the store. */
        protected abstract S change(Q request);

        /** The answer giving every entry of the request the same error. */
        protected abstract S all(Q request, Errors error, String message);

        @Override
        public final S errorResponse(RequestContext ctx, Q request, Errors error) {
            return all(request, error, null);
        }
    }

    static final class Create extends Change<CreateAclsRequest, CreateAclsResponse> {
        Create(AclStore store) {
            super(ApiKeys.CREATE_ACLS, store);
        }

        @Override
        protected CreateAclsResponse change(CreateAclsRequest request) {
            CreateAclsResponse response = new CreateAclsResponse();
            List<AclBinding> valid = new ArrayList<>();
            for (CreateAclsRequest.AclCreation c : request.creations()) {
                AclBinding binding = new AclBinding(
                        ResourceType.of(c.resourceType()),
                        c.resourceName(),
                        PatternType.of(c.resourcePatternType()),
                        c.principal(),
                        c.host(),
                        AclOperation.of(c.operation()),
                        AclPermissionType.of(c.permissionType()));
                String invalid = binding.invalidReason();
                CreateAclsResponse.AclCreationResult result = new CreateAclsResponse.AclCreationResult();
                if (invalid != null) {
                    result.setErrorCode(Errors.INVALID_REQUEST.code()).setErrorMessage(invalid);
                } else {
                    valid.add(binding);
                    result.setErrorCode(Errors.NONE.code());
                }
                response.results().add(result);
            }
            store.add(valid);
            return response;
        }

        @Override
        protected CreateAclsResponse all(CreateAclsRequest request, Errors error, String message) {
            CreateAclsResponse response = new CreateAclsResponse();
            for (int i = 0; i < request.creations().size(); i++) {
                response.results()
                        .add(new CreateAclsResponse.AclCreationResult()
                                .setErrorCode(error.code())
                                .setErrorMessage(message));
            }
            return response;
        }
    }

    static final class Describe extends AbstractApiHandler<DescribeAclsRequest, DescribeAclsResponse> {
        private final AclStore store;

        Describe(AclStore store) {
            super(ApiKeys.DESCRIBE_ACLS, 1, 3);
            this.store = store;
        }

        @Override
        public CompletableFuture<DescribeAclsResponse> handle(RequestContext ctx, DescribeAclsRequest request) {
            AclBindingFilter filter = new AclBindingFilter(
                    ResourceType.of(request.resourceTypeFilter()),
                    request.resourceNameFilter(),
                    PatternType.of(request.patternTypeFilter()),
                    request.principalFilter(),
                    request.hostFilter(),
                    AclOperation.of(request.operation()),
                    AclPermissionType.of(request.permissionType()));
            String invalid = filter.invalidReason();
            if (invalid != null) {
                // Kafka's DescribeAclsRequest refuses such a filter while it is parsed: no answer, the connection
                // closes (with or without an authorizer).
                throw new CloseConnectionException("DescribeAcls refused: " + invalid);
            }
            DescribeAclsResponse response = new DescribeAclsResponse();
            if (store == null) {
                return done(
                        response.setErrorCode(Errors.SECURITY_DISABLED.code()).setErrorMessage(NO_AUTHORIZER_DESCRIBE));
            }
            if (!ctx.clusterAllowed(AclOperation.DESCRIBE)) {
                return done(response.setErrorCode(Errors.CLUSTER_AUTHORIZATION_FAILED.code())
                        .setErrorMessage(Errors.CLUSTER_AUTHORIZATION_FAILED.message()));
            }
            Map<List<Object>, DescribeAclsResponse.DescribeAclsResource> resources = new LinkedHashMap<>();
            for (AclBinding b : store.bindings()) {
                if (!filter.matches(b)) {
                    continue;
                }
                resources
                        .computeIfAbsent(
                                List.of(b.resourceType(), b.resourceName(), b.patternType()),
                                k -> new DescribeAclsResponse.DescribeAclsResource()
                                        .setResourceType(b.resourceType().code())
                                        .setResourceName(b.resourceName())
                                        .setPatternType(b.patternType().code()))
                        .acls()
                        .add(new DescribeAclsResponse.AclDescription()
                                .setPrincipal(b.principal())
                                .setHost(b.host())
                                .setOperation(b.operation().code())
                                .setPermissionType(b.permission().code()));
            }
            response.resources().addAll(resources.values());
            return done(response.setErrorCode(Errors.NONE.code()));
        }

        private static CompletableFuture<DescribeAclsResponse> done(DescribeAclsResponse response) {
            return CompletableFuture.completedFuture(response);
        }

        @Override
        public DescribeAclsResponse errorResponse(RequestContext ctx, DescribeAclsRequest request, Errors error) {
            return new DescribeAclsResponse().setErrorCode(error.code());
        }
    }

    static final class Delete extends Change<DeleteAclsRequest, DeleteAclsResponse> {
        Delete(AclStore store) {
            super(ApiKeys.DELETE_ACLS, store);
        }

        @Override
        protected DeleteAclsResponse change(DeleteAclsRequest request) {
            List<AclBindingFilter> filters = new ArrayList<>();
            List<String> invalid = new ArrayList<>();
            for (DeleteAclsRequest.DeleteAclsFilter f : request.filters()) {
                AclBindingFilter filter = new AclBindingFilter(
                        ResourceType.of(f.resourceTypeFilter()),
                        f.resourceNameFilter(),
                        PatternType.of(f.patternTypeFilter()),
                        f.principalFilter(),
                        f.hostFilter(),
                        AclOperation.of(f.operation()),
                        AclPermissionType.of(f.permissionType()));
                String reason = filter.invalidReason();
                invalid.add(reason);
                if (reason == null) {
                    filters.add(filter);
                }
            }
            List<List<AclBinding>> removed = store.remove(filters);
            DeleteAclsResponse response = new DeleteAclsResponse();
            int next = 0;
            for (String reason : invalid) {
                DeleteAclsResponse.DeleteAclsFilterResult result = new DeleteAclsResponse.DeleteAclsFilterResult();
                if (reason != null) {
                    result.setErrorCode(Errors.INVALID_REQUEST.code()).setErrorMessage(reason);
                } else {
                    result.setErrorCode(Errors.NONE.code());
                    for (AclBinding b : removed.get(next++)) {
                        result.matchingAcls()
                                .add(new DeleteAclsResponse.DeleteAclsMatchingAcl()
                                        .setErrorCode(Errors.NONE.code())
                                        .setResourceType(b.resourceType().code())
                                        .setResourceName(b.resourceName())
                                        .setPatternType(b.patternType().code())
                                        .setPrincipal(b.principal())
                                        .setHost(b.host())
                                        .setOperation(b.operation().code())
                                        .setPermissionType(b.permission().code()));
                    }
                }
                response.filterResults().add(result);
            }
            return response;
        }

        @Override
        protected DeleteAclsResponse all(DeleteAclsRequest request, Errors error, String message) {
            DeleteAclsResponse response = new DeleteAclsResponse();
            for (int i = 0; i < request.filters().size(); i++) {
                response.filterResults()
                        .add(new DeleteAclsResponse.DeleteAclsFilterResult()
                                .setErrorCode(error.code())
                                .setErrorMessage(message));
            }
            return response;
        }
    }
}
