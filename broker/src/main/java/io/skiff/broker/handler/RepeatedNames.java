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
package io.skiff.broker.handler;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.Function;

/**
 * The names a request gives more than once (topics of CreateTopics or CreatePartitions, users of
 * DescribeUserScramCredentials): Kafka answers each such name once, with an error, instead of acting on it.
 *
 * <p>Stateless; thread-safe.
 */
final class RepeatedNames {
    private RepeatedNames() {}

    /** The names that {@code items} give more than once, in the order of their second appearance. */
    static <T> Set<String> of(Iterable<T> items, Function<T, String> name) {
        Set<String> seen = new LinkedHashSet<>();
        Set<String> repeated = new LinkedHashSet<>();
        for (T item : items) {
            String n = name.apply(item);
            if (!seen.add(n)) {
                repeated.add(n);
            }
        }
        return repeated;
    }
}
