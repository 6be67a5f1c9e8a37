package io.skiff.testkit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs an in-process Skiff broker for a test class: on 127.0.0.1, a free port, a temporary directory.
 *
 * <pre>{@code
 * @Skiff(topics = @SkiffTopic(name = "orders", partitions = 3))
 * class OrderServiceTest {
 *     @Test
 *     void publishes(SkiffKit kafka) { ... kafka.readRecord("orders", Duration.ofSeconds(10)) ... }
 * }
 * }</pre>
 *
 * <p>Fields and parameters of type {@link io.skiff.broker.SkiffServer} and {@link SkiffKit}, and {@code String}s
 * marked {@link BootstrapServers}, are filled in. While the broker runs, the system property named by
 * {@link #bootstrapServersProperty()} holds its bootstrap servers, for frameworks to read.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@ExtendWith(SkiffExtension.class)
public @interface Skiff {
    Lifecycle lifecycle() default Lifecycle.PER_CLASS;

    SkiffTopic[] topics() default {};

    /** Broker configuration as {@code key=value} with Kafka's keys, e.g. {@code "num.partitions=3"}. */
    String[] properties() default {};

    /** The listener's port on 127.0.0.1; 0 picks a free one. */
    int port() default 0;

    /** The system property set to the bootstrap servers while the broker runs; empty for none. */
    String bootstrapServersProperty() default SkiffExtension.BOOTSTRAP_SERVERS_PROPERTY;
}
