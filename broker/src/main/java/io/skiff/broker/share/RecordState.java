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
package io.skiff.broker.share;

/**
 * The state of one in-flight record of a share-partition (KIP-932). A record is AVAILABLE until a member acquires
 * it, ACQUIRED under that member's time lock, and then ACKNOWLEDGED (accepted) or ARCHIVED (rejected, a gap, a
 * control record, an aborted transaction's record, or past the delivery count limit): both end states are final.
 * Immutable, thread-safe.
 */
public enum RecordState {
    AVAILABLE((byte) 0),
    ACQUIRED((byte) 1),
    ACKNOWLEDGED((byte) 2),
    ARCHIVED((byte) 4);

    private final byte code;

    RecordState(byte code) {
        this.code = code;
    }

    /** Kafka's code for the state, as the share-group state records and DescribeShareGroupOffsets' tools use it. */
    public byte code() {
        return code;
    }

    /** True for ACKNOWLEDGED and ARCHIVED: the record is never delivered again. */
    public boolean isFinal() {
        return this == ACKNOWLEDGED || this == ARCHIVED;
    }

    public static RecordState fromCode(byte code) {
        for (RecordState s : values()) {
            if (s.code == code) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown record state " + code);
    }
}
