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
import io.skiff.broker.group.GroupOverview;
import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.ListGroupsRequest;
import io.skiff.protocol.message.ListGroupsResponse;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * ListGroups v0–5: every group, filtered by state (v4+, case-insensitive) and type (v5+: "classic",
 * "consumer", "share"). Thread-safe.
 */
public final class ListGroupsHandler extends AbstractApiHandler<ListGroupsRequest, ListGroupsResponse> {
    private final GroupCoordinator coordinator;
    private final OtherGroupKinds others;

    public ListGroupsHandler(GroupCoordinator coordinator) {
        this(coordinator, OtherGroupKinds.NONE);
    }

    /** Lists {@code others} (share groups) too, filtered the same way. */
    public ListGroupsHandler(GroupCoordinator coordinator, OtherGroupKinds others) {
        super(ApiKeys.LIST_GROUPS, 0, 5);
        this.coordinator = coordinator;
        this.others = others;
    }

    @Override
    public CompletableFuture<ListGroupsResponse> handle(RequestContext ctx, ListGroupsRequest request) {
        var states = request.statesFilter() == null ? new HashSet<String>() : new HashSet<>(request.statesFilter());
        var types = request.typesFilter() == null ? new HashSet<String>() : new HashSet<>(request.typesFilter());
        List<ListGroupsResponse.ListedGroup> groups = new ArrayList<>();
        boolean describeCluster = ctx.clusterAllowed(AclOperation.DESCRIBE);
        List<GroupOverview> all = new ArrayList<>(coordinator.listGroups(states, types));
        for (GroupOverview g : others.list()) {
            if (matches(types, g.groupType()) && matches(states, g.state())) {
                all.add(g);
            }
        }
        for (GroupOverview g : all) {
            if (!describeCluster && !ctx.allowed(AclOperation.DESCRIBE, ResourceType.GROUP, g.groupId())) {
                continue;
            }
            groups.add(new ListGroupsResponse.ListedGroup()
                    .setGroupId(g.groupId())
                    .setProtocolType(g.protocolType())
                    .setGroupState(g.state())
                    .setGroupType(g.groupType()));
        }
        return CompletableFuture.completedFuture(
                new ListGroupsResponse().setErrorCode(Errors.NONE.code()).setGroups(groups));
    }

    /** Case-insensitive membership; an empty filter matches everything. */
    private static boolean matches(Set<String> filter, String value) {
        return filter.isEmpty() || filter.stream().anyMatch(f -> f.equalsIgnoreCase(value));
    }

    @Override
    public ListGroupsResponse errorResponse(RequestContext ctx, ListGroupsRequest request, Errors error) {
        return new ListGroupsResponse().setErrorCode(error.code());
    }
}
