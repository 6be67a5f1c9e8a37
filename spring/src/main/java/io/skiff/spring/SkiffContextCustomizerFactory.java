package io.skiff.spring;

import java.util.List;
import org.springframework.test.context.ContextConfigurationAttributes;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.ContextCustomizerFactory;
import org.springframework.test.context.TestContextAnnotationUtils;

/**
 * Registered in {@code META-INF/spring.factories}: gives test classes annotated with {@link EmbeddedSkiff} (or
 * enclosed in one, for {@code @Nested} classes) a {@link SkiffContextCustomizer}.
 *
 * <p>Stateless, thread-safe.
 */
public final class SkiffContextCustomizerFactory implements ContextCustomizerFactory {
    @Override
    public ContextCustomizer createContextCustomizer(
            Class<?> testClass, List<ContextConfigurationAttributes> configAttributes) {
        EmbeddedSkiff annotation = TestContextAnnotationUtils.findMergedAnnotation(testClass, EmbeddedSkiff.class);
        return annotation == null ? null : new SkiffContextCustomizer(SkiffContextSpec.of(annotation));
    }
}
