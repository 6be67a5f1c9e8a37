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

/** Kafka's ACL resource types with their wire codes (org.apache.kafka.common.resource.ResourceType). */
public enum ResourceType {
    UNKNOWN(0),
    ANY(1),
    TOPIC(2),
    GROUP(3),
    CLUSTER(4),
    TRANSACTIONAL_ID(5),
    DELEGATION_TOKEN(6),
    USER(7);

    /** The one cluster resource's name. */
    public static final String CLUSTER_NAME = "kafka-cluster";

    private final byte code;

    ResourceType(int code) {
        this.code = (byte) code;
    }

    public byte code() {
        return code;
    }

    /** By wire code; UNKNOWN for a code Kafka does not define. */
    public static ResourceType of(byte code) {
        for (ResourceType t : values()) {
            if (t.code == code) {
                return t;
            }
        }
        return UNKNOWN;
    }
}
