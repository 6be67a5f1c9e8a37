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
package io.skiff.compat.differential;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Field-by-field differences between two answer trees ({@link MessageTree}), each with its path in the message
 * ({@code topics[0].partitions[2].errorCode}). Lists are compared element by element; a list of different length is
 * one difference at the list's path.
 *
 * <p>Stateless.
 */
final class TreeDiff {
    private TreeDiff() {}

    /** A field whose values differ: Skiff's and Kafka's. */
    record Difference(String path, Object skiff, Object kafka) {
        /** The path without list indexes ({@code topics[].partitions[].errorCode}), which allow-list entries name. */
        String field() {
            return path.replaceAll("\\[\\d+]", "[]");
        }

        @Override
        public String toString() {
            return path + ": Skiff " + skiff + " ≠ Kafka " + kafka;
        }
    }

    static List<Difference> between(Object skiff, Object kafka) {
        List<Difference> out = new ArrayList<>();
        walk("", skiff, kafka, out);
        return out;
    }

    private static void walk(String path, Object a, Object b, List<Difference> out) {
        if (a instanceof Map<?, ?> ma && b instanceof Map<?, ?> mb) {
            Set<Object> keys = new LinkedHashSet<>(ma.keySet());
            keys.addAll(mb.keySet());
            for (Object k : keys) {
                walk(path.isEmpty() ? k.toString() : path + "." + k, ma.get(k), mb.get(k), out);
            }
        } else if (a instanceof List<?> la && b instanceof List<?> lb && la.size() == lb.size()) {
            for (int i = 0; i < la.size(); i++) {
                walk(path + "[" + i + "]", la.get(i), lb.get(i), out);
            }
        } else if (!Objects.equals(a, b)) {
            out.add(new Difference(path.isEmpty() ? "(answer)" : path, a, b));
        }
    }
}
