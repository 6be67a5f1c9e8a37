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

import io.skiff.broker.group.GroupCoordinator;
import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.DeleteGroupsRequest;
import io.skiff.protocol.message.DeleteGroupsResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * DeleteGroups v0–3: deletes Empty groups with their offsets (NON_EMPTY_GROUP if members remain,
 * GROUP_ID_NOT_FOUND if unknown); answered once the tombstones are written. Thread-safe.
 */
public final class DeleteGroupsHandler extends AbstractApiHandler<DeleteGroupsRequest, DeleteGroupsResponse> {
    private final GroupCoordinator coordinator;
    private final OtherGroupKinds others;

    public DeleteGroupsHandler(GroupCoordinator coordinator) {
        this(coordinator, OtherGroupKinds.NONE);
    }

    /** Deletes {@code others} (share groups) too. */
    public DeleteGroupsHandler(GroupCoordinator coordinator, OtherGroupKinds others) {
        super(ApiKeys.DELETE_GROUPS, 0, 3);
        this.coordinator = coordinator;
        this.others = others;
    }

    @Override
    public CompletableFuture<DeleteGroupsResponse> handle(RequestContext ctx, DeleteGroupsRequest request) {
        List<String> allowed = new ArrayList<>();
        java.util.Map<String, Errors> otherResults = new java.util.HashMap<>();
        for (String groupId : request.groupsNames()) {
            if (ctx.allowed(AclOperation.DELETE, ResourceType.GROUP, groupId)) {
                Errors other = others.delete(groupId);
                if (other != null) {
                    otherResults.put(groupId, other);
                } else {
                    allowed.add(groupId);
                }
            }
        }
        return coordinator.deleteGroups(allowed).thenApply(errors -> {
            List<DeleteGroupsResponse.DeletableGroupResult> results = new ArrayList<>();
            for (String groupId : request.groupsNames()) {
                results.add(new DeleteGroupsResponse.DeletableGroupResult()
                        .setGroupId(groupId)
                        .setErrorCode(
                                otherResults.containsKey(groupId)
                                        ? otherResults.get(groupId).code()
                                        : allowed.contains(groupId)
                                                ? errors.getOrDefault(groupId, GroupError.GROUP_ID_NOT_FOUND)
                                                        .code()
                                                : Errors.GROUP_AUTHORIZATION_FAILED.code()));
            }
            return new DeleteGroupsResponse().setResults(results);
        });
    }

    @Override
    public DeleteGroupsResponse errorResponse(RequestContext ctx, DeleteGroupsRequest request, Errors error) {
        List<DeleteGroupsResponse.DeletableGroupResult> results = new ArrayList<>();
        for (String groupId : request.groupsNames()) {
            results.add(new DeleteGroupsResponse.DeletableGroupResult()
                    .setGroupId(groupId)
                    .setErrorCode(error.code()));
        }
        return new DeleteGroupsResponse().setResults(results);
    }
}
