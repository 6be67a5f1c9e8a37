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
