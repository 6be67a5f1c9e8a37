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
package io.skiff.config;

import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Values of {@code cleanup.policy} / {@code log.cleanup.policy}; a topic may have both.
 *
 * <p>Thread-safety: immutable enum.
 */
public enum CleanupPolicy {
    DELETE,
    COMPACT;

    /** The configuration value, e.g. {@code compact}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses a (validated) list value. */
    static Set<CleanupPolicy> setOf(List<?> labels) {
        Set<CleanupPolicy> set = EnumSet.noneOf(CleanupPolicy.class);
        for (Object label : labels) {
            set.add(valueOf(label.toString().toUpperCase(Locale.ROOT)));
        }
        return set;
    }
}
