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
package io.skiff.broker.security.acl;

import java.util.Set;

/** Kafka's ACL operations with their wire codes (org.apache.kafka.common.acl.AclOperation). */
public enum AclOperation {
    UNKNOWN(0),
    ANY(1),
    ALL(2),
    READ(3),
    WRITE(4),
    CREATE(5),
    DELETE(6),
    ALTER(7),
    DESCRIBE(8),
    CLUSTER_ACTION(9),
    DESCRIBE_CONFIGS(10),
    ALTER_CONFIGS(11),
    IDEMPOTENT_WRITE(12),
    CREATE_TOKENS(13),
    DESCRIBE_TOKENS(14),
    TWO_PHASE_COMMIT(15);

    private final byte code;

    AclOperation(int code) {
        this.code = (byte) code;
    }

    public byte code() {
        return code;
    }

    public static AclOperation of(byte code) {
        for (AclOperation o : values()) {
            if (o.code == code) {
                return o;
            }
        }
        return UNKNOWN;
    }

    /**
     * The operations an ALLOW binding for this operation also grants, as Kafka: READ, WRITE, DELETE and ALTER imply
     * DESCRIBE; ALTER_CONFIGS implies DESCRIBE_CONFIGS; ALL implies everything.
     */
    boolean allowImplies(AclOperation requested) {
        if (this == ALL || this == requested) {
            return true;
        }
        if (requested == DESCRIBE) {
            return Set.of(READ, WRITE, DELETE, ALTER).contains(this);
        }
        return requested == DESCRIBE_CONFIGS && this == ALTER_CONFIGS;
    }
}
