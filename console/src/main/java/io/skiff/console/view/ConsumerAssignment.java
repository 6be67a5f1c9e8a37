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
package io.skiff.console.view;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the partitions out of a classic group member's assignment when the group uses the consumer protocol
 * (Kafka's ConsumerProtocolAssignment: version int16, then topics of name string and int32 partitions). Stateless.
 */
final class ConsumerAssignment {
    private ConsumerAssignment() {}

    /** {@code topic-0, topic-1}, or an empty string for bytes that are not such an assignment. */
    static String describe(byte[] assignment) {
        if (assignment == null || assignment.length < 6) {
            return "";
        }
        try {
            ByteBuffer in = ByteBuffer.wrap(assignment);
            in.getShort(); // version: every version starts with the same topics array
            int topics = in.getInt();
            List<String> parts = new ArrayList<>();
            for (int t = 0; t < topics; t++) {
                short length = in.getShort();
                byte[] name = new byte[length];
                in.get(name);
                int partitions = in.getInt();
                for (int i = 0; i < partitions; i++) {
                    parts.add(new String(name, StandardCharsets.UTF_8) + "-" + in.getInt());
                }
            }
            return String.join(", ", parts);
        } catch (BufferUnderflowException | NegativeArraySizeException e) {
            return "";
        }
    }
}
