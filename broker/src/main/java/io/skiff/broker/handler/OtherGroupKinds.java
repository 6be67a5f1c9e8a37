package io.skiff.broker.handler;

import io.skiff.broker.group.GroupOverview;
import io.skiff.protocol.Errors;
import java.util.List;

/**
 * Groups kept outside the classic/consumer group coordinator (share groups), as ListGroups and DeleteGroups see
 * them beside that coordinator's groups. Implementations must be thread-safe.
 */
public interface OtherGroupKinds {
    /** None: only the coordinator's groups exist. */
    OtherGroupKinds NONE = new OtherGroupKinds() {
        @Override
        public List<GroupOverview> list() {
            return List.of();
        }

        @Override
        public Errors delete(String groupId) {
            return null;
        }
    };

    /** Every such group, with ListGroups' protocol type, state and type names. */
    List<GroupOverview> list();

    /** Deletes the group if it is one of these: its error (NONE when deleted); null when it is not one of these. */
    Errors delete(String groupId);
}
