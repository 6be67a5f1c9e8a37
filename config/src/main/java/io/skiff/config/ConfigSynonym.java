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
