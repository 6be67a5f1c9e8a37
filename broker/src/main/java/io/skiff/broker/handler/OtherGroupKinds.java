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
