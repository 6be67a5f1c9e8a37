package io.skiff.config;

/**
 * A configuration that cannot be used: an unparsable or disallowed value, a missing file, an
 * unknown topic config key. The message names the key, the offending value, where it came from
 * when known, and what is allowed. Unchecked: startup stops with this message.
 */
public class ConfigException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String key;

    public ConfigException(String message) {
        this(null, message);
    }

    public ConfigException(String key, String message) {
        super(message);
        this.key = key;
    }

    /** A standard message: {@code Invalid value 'v' for configuration 'k' (origin): allowed}. */
    public static ConfigException invalid(String key, Object value, String origin, String allowed) {
        return new ConfigException(
                key,
                "Invalid value '" + value + "' for configuration '" + key + "'"
                        + (origin == null ? "" : " (from " + origin + ")") + ": " + allowed);
    }

    /** The configuration key at fault, or null when the problem is not about one key. */
    public String key() {
        return key;
    }
}
