package io.skiff.testkit;

/** How long a broker started by {@link SkiffExtension} lives. */
public enum Lifecycle {
    /** A new broker for every test method, closed after it. */
    PER_METHOD,
    /** One broker for the test class (and its {@code @Nested} classes), closed after its last test. */
    PER_CLASS,
    /**
     * One broker for the whole test run, shared by every class that asks for the same topics and properties; closed
     * when the JVM exits, its temporary directory deleted. Call {@link io.skiff.broker.SkiffServer#reset()} between
     * tests that must not see each other's topics and groups.
     */
    SHARED
}
