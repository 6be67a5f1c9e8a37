package io.skiff.config;

import java.util.List;
import java.util.function.Predicate;

/**
 * Checks a parsed configuration value. {@link #allowed()} says in words what passes: it is the
 * end of every error message and the "Allowed" column of the documentation table.
 *
 * <p>Thread-safety: implementations are immutable.
 */
public interface Validator {

    /** True when {@code value} (already parsed to the key's type, never null) is acceptable. */
    boolean accepts(Object value);

    /** What is allowed, e.g. {@code "at least 1"}. */
    String allowed();

    /** @throws ConfigException naming key, value, origin and {@link #allowed()} */
    default void ensureValid(String key, Object value, String origin) {
        if (value != null && !accepts(value)) {
            throw ConfigException.invalid(key, ConfigType.format(value), origin, allowed());
        }
    }

    /** A number no smaller than {@code min}. */
    static Validator atLeast(long min) {
        return of(v -> ((Number) v).longValue() >= min, "at least " + min);
    }

    /** A number in {@code [min, max]}. */
    static Validator between(long min, long max) {
        return of(v -> ((Number) v).longValue() >= min && ((Number) v).longValue() <= max,
                "between " + min + " and " + max);
    }

    /** A floating point number in {@code [min, max]}. */
    static Validator betweenDouble(double min, double max) {
        return of(v -> ((Number) v).doubleValue() >= min && ((Number) v).doubleValue() <= max,
                "between " + min + " and " + max);
    }

    /** A number in {@code [min, max]} or exactly {@code special}. */
    static Validator betweenOr(long min, long max, long special) {
        return of(v -> {
            long n = ((Number) v).longValue();
            return n == special || (n >= min && n <= max);
        }, "between " + min + " and " + max + ", or " + special);
    }

    /** One of the given strings (case-sensitive, as Kafka). */
    static Validator oneOf(String... values) {
        List<String> allowed = List.of(values);
        return of(allowed::contains, "one of " + String.join(", ", values));
    }

    /** One of the given strings, ignoring case. */
    static Validator oneOfIgnoreCase(String... values) {
        List<String> allowed = List.of(values);
        return of(v -> allowed.stream().anyMatch(a -> a.equalsIgnoreCase((String) v)),
                "one of " + String.join(", ", values) + " (any case)");
    }

    /** A non-empty list whose items are all among {@code values}. */
    static Validator nonEmptyListOf(String... values) {
        List<String> allowed = List.of(values);
        return of(v -> !((List<?>) v).isEmpty() && allowed.containsAll((List<?>) v),
                "a non-empty comma-separated list of " + String.join(", ", values));
    }

    /** A non-empty list without blank items. */
    static Validator nonEmptyList() {
        return of(v -> !((List<?>) v).isEmpty() && ((List<?>) v).stream().noneMatch(i -> i.toString().isBlank()),
                "a non-empty comma-separated list");
    }

    /** A non-blank string. */
    static Validator nonBlank() {
        return of(v -> !v.toString().isBlank(), "a non-empty string");
    }

    /**
     * Documents a value whose structure is checked where it is interpreted (listener URIs are
     * parsed by {@link BrokerConfig}); accepts any value of the key's type here.
     */
    static Validator described(String allowed) {
        return of(v -> true, allowed);
    }

    /** A validator from a predicate and its description. */
    static Validator of(Predicate<Object> test, String allowed) {
        return new Validator() {
            @Override
            public boolean accepts(Object value) {
                return test.test(value);
            }

            @Override
            public String allowed() {
                return allowed;
            }
        };
    }
}
