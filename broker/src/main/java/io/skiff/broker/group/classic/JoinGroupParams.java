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

import java.util.List;

/**
 * A JoinGroup request in domain terms. {@code requireKnownMemberId} is true for JoinGroup v4+
 * (a new member first gets MEMBER_ID_REQUIRED); {@code supportSkippingAssignment} for v9+.
 * Immutable, thread-safe.
 */
public record JoinGroupParams(
        String groupId,
        String memberId,
        String groupInstanceId,
        boolean requireKnownMemberId,
        boolean supportSkippingAssignment,
        String clientId,
        String clientHost,
        int rebalanceTimeoutMs,
        int sessionTimeoutMs,
        String protocolType,
        List<MemberProtocol> protocols,
        String reason) {
    public JoinGroupParams {
        memberId = memberId == null ? "" : memberId;
        protocols = List.copyOf(protocols);
    }
}
