package io.skiff.broker.handler;

import io.skiff.broker.group.GroupCoordinator;
import io.skiff.broker.group.GroupError;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.DeleteGroupsRequest;
import io.skiff.protocol.message.DeleteGroupsResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * DeleteGroups v0–2: deletes Empty groups with their offsets (NON_EMPTY_GROUP if members remain,
 * GROUP_ID_NOT_FOUND if unknown); answered once the tombstones are written. Thread-safe.
 */
public final class DeleteGroupsHandler extends AbstractApiHandler<DeleteGroupsRequest, DeleteGroupsResponse> {
    private final GroupCoordinator coordinator;

    public DeleteGroupsHandler(GroupCoordinator coordinator) {
        super(ApiKeys.DELETE_GROUPS, 0, 2);
        this.coordinator = coordinator;
    }

    @Override
    public CompletableFuture<DeleteGroupsResponse> handle(RequestContext ctx, DeleteGroupsRequest request) {
        return coordinator.deleteGroups(request.groupsNames()).thenApply(errors -> {
            List<DeleteGroupsResponse.DeletableGroupResult> results = new ArrayList<>();
            for (String groupId : request.groupsNames()) {
                results.add(new DeleteGroupsResponse.DeletableGroupResult()
                        .setGroupId(groupId)
                        .setErrorCode(errors.getOrDefault(groupId, GroupError.GROUP_ID_NOT_FOUND)
                                .code()));
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
