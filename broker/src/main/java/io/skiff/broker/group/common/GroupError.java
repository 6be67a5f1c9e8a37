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
package io.skiff.broker.group.common;

/**
 * The outcomes the group coordinator reports, named and numbered exactly as Kafka's error codes
 * so that handlers can put {@link #code()} on the wire unchanged. Immutable, thread-safe.
 */
public enum GroupError {
    NONE(0),
    UNKNOWN_TOPIC_OR_PARTITION(3),
    TOPIC_AUTHORIZATION_FAILED(29),
    COORDINATOR_LOAD_IN_PROGRESS(14),
    COORDINATOR_NOT_AVAILABLE(15),
    NOT_COORDINATOR(16),
    OFFSET_METADATA_TOO_LARGE(12),
    ILLEGAL_GENERATION(22),
    INCONSISTENT_GROUP_PROTOCOL(23),
    INVALID_GROUP_ID(24),
    UNKNOWN_MEMBER_ID(25),
    INVALID_SESSION_TIMEOUT(26),
    REBALANCE_IN_PROGRESS(27),
    INVALID_COMMIT_OFFSET_SIZE(28),
    UNKNOWN_SERVER_ERROR(-1),
    NON_EMPTY_GROUP(68),
    GROUP_ID_NOT_FOUND(69),
    MEMBER_ID_REQUIRED(79),
    FENCED_INSTANCE_ID(82),
    GROUP_MAX_SIZE_REACHED(81),
    UNSTABLE_OFFSET_COMMIT(88),
    GROUP_SUBSCRIBED_TO_TOPIC(86),
    UNSUPPORTED_VERSION(35),
    INVALID_REQUEST(42),
    FENCED_MEMBER_EPOCH(110),
    UNRELEASED_INSTANCE_ID(111),
    UNSUPPORTED_ASSIGNOR(112),
    STALE_MEMBER_EPOCH(113),
    INVALID_REGULAR_EXPRESSION(128),
    STREAMS_INVALID_TOPOLOGY(130),
    STREAMS_INVALID_TOPOLOGY_EPOCH(131),
    STREAMS_TOPOLOGY_FENCED(132);

    private final short code;

    GroupError(int code) {
        this.code = (short) code;
    }

    /** Kafka's numeric error code. */
    public short code() {
        return code;
    }
}
