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
