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
 * What a member of a consumer group that speaks the classic protocol (JoinGroup/SyncGroup) adds to a
 * member: its session timeout and the protocols (assignor names with their serialized subscriptions) of its
 * last JoinGroup, in the client's order of preference. Persisted as the ClassicMemberMetadata of the member's
 * ConsumerGroupMemberMetadataValue, as Kafka does. Immutable, thread-safe.
 */
public record ClassicMemberMetadata(int sessionTimeoutMs, List<MemberProtocol> supportedProtocols) {
    public ClassicMemberMetadata {
        supportedProtocols = List.copyOf(supportedProtocols);
        if (supportedProtocols.isEmpty()) {
            throw new IllegalArgumentException("a classic member supports at least one protocol");
        }
    }

    /** The protocol the member gets in its JoinGroup and SyncGroup responses: its first (Kafka's choice). */
    public MemberProtocol preferredProtocol() {
        return supportedProtocols.get(0);
    }

    /** The metadata the member sent for {@code protocolName}, or null if it does not support it. */
    public byte[] metadata(String protocolName) {
        for (MemberProtocol p : supportedProtocols) {
            if (p.name().equals(protocolName)) {
                return p.metadata();
            }
        }
        return null;
    }
}
