package io.skiff.testkit;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** A topic that {@link Skiff} creates when it starts the broker. */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({})
public @interface SkiffTopic {
    String name();

    int partitions() default 1;

    /** Topic-level configuration as {@code key=value} with Kafka's keys, e.g. {@code "cleanup.policy=compact"}. */
    String[] config() default {};
}
