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
package io.skiff.broker.topic;

import java.util.Set;

/**
 * Kafka's rules for topic names: ASCII letters, digits, '.', '_' and '-'; not empty, not "." or "..";
 * at most {@value #MAX_LENGTH} characters. Two names that differ only by '.' versus '_' collide (Kafka's metric
 * names cannot tell them apart), so only one of them may exist.
 *
 * <p>Stateless; thread-safe.
 */
public final class TopicNames {
    public static final int MAX_LENGTH = 249;
    public static final String CONSUMER_OFFSETS = "__consumer_offsets";
    public static final String TRANSACTION_STATE = "__transaction_state";
    public static final String SHARE_GROUP_STATE = "__share_group_state";
    private static final Set<String> INTERNAL = Set.of(CONSUMER_OFFSETS, TRANSACTION_STATE, SHARE_GROUP_STATE);

    private TopicNames() {}

    /** @throws InvalidTopicException with Kafka's message if {@code name} is not a legal topic name */
    public static void validate(String name) {
        String reason = invalidReason(name);
        if (reason != null) {
            throw new InvalidTopicException("Topic name is invalid: " + reason);
        }
    }

    public static boolean isValid(String name) {
        return invalidReason(name) == null;
    }

    /** Kafka's internal topics, reported with {@code is_internal = true} in Metadata. */
    public static boolean isInternal(String name) {
        return INTERNAL.contains(name);
    }

    /** The form in which colliding names are equal. */
    public static String collisionKey(String name) {
        return name.replace('.', '_');
    }

    private static String invalidReason(String name) {
        if (name == null) {
            return "null is not allowed";
        }
        if (name.isEmpty()) {
            return "the empty string is not allowed";
        }
        if (".".equals(name)) {
            return "'.' is not allowed";
        }
        if ("..".equals(name)) {
            return "'..' is not allowed";
        }
        if (name.length() > MAX_LENGTH) {
            return "the length of '" + name + "' is longer than the max allowed length " + MAX_LENGTH;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean legal = (c >= 'a' && c <= 'z')
                    || (c >= 'A' && c <= 'Z')
                    || (c >= '0' && c <= '9')
                    || c == '.'
                    || c == '_'
                    || c == '-';
            if (!legal) {
                return "'" + name
                        + "' contains one or more characters other than ASCII alphanumerics, '.', '_' and '-'";
            }
        }
        return null;
    }
}
