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
