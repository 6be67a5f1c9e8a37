package io.skiff.config;

import java.util.List;

/**
 * One configuration as DescribeConfigs reports it.
 *
 * <p>Thread-safety: immutable.
 *
 * @param name          the key
 * @param value         effective value as text (lists comma-joined); null when unset or sensitive
 * @param source        where the effective value comes from
 * @param readOnly      true when it cannot be altered at runtime (every broker config in Skiff)
 * @param sensitive     true for passwords: the value is never shown
 * @param type          value type
 * @param documentation one-paragraph description
 * @param synonyms      the keys that supply the value in precedence order, the first being the
 *                      one in effect (empty when there are none)
 */
public record ConfigEntry(
        String name,
        String value,
        ConfigSource source,
        boolean readOnly,
        boolean sensitive,
        ConfigType type,
        String documentation,
        List<ConfigSynonym> synonyms) {

    public ConfigEntry {
        synonyms = List.copyOf(synonyms);
    }

    /** True when the value is a default rather than set by the user. */
    public boolean isDefault() {
        return source == ConfigSource.DEFAULT_CONFIG;
    }
}
