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

/**
 * One synonym of a described configuration (DescribeConfigs with includeSynonyms): a key, in its
 * own unit (e.g. {@code log.retention.hours=168}), that supplies or would supply the value.
 *
 * <p>Thread-safety: immutable.
 *
 * @param name   the key
 * @param value  its value as text; null for sensitive values
 * @param source where the value is set
 */
public record ConfigSynonym(String name, String value, ConfigSource source) {}
