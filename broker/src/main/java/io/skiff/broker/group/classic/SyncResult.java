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
package io.skiff.broker.group.classic;

import io.skiff.broker.group.common.GroupError;

/** The outcome of a SyncGroup: the member's assignment, or an error. Immutable, thread-safe. */
public record SyncResult(String protocolType, String protocolName, byte[] assignment, GroupError error) {
    public static SyncResult error(GroupError error) {
        return new SyncResult(null, null, new byte[0], error);
    }
}
