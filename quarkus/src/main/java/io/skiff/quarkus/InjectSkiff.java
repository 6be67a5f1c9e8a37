package io.skiff.quarkus;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a field of a {@code @QuarkusTest} class, of type {@link io.skiff.broker.SkiffServer} or
 * {@link io.skiff.testkit.SkiffKit}, that {@link SkiffTestResource} fills in.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface InjectSkiff {}
