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
package io.skiff.broker;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Skiff's code calls only what SLF4J 1.7 also has (docs/architecture.md): users' test classpaths often resolve
 * slf4j-api 1.7 (kafka-clients brings it), where SLF4J 2's fluent API throws NoSuchMethodError. Checked over every module on the
 * broker's classpath (config, record, protocol, storage, broker); the embedded test project
 * {@code plain-netty41} runs the bad-input log paths on slf4j-api 1.7 itself.
 */
class Slf4jCompatibilityTest {
    private static final JavaClasses PRODUCTION_CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.skiff");

    /** Methods of {@code org.slf4j.Logger} that SLF4J 2.0 added. */
    private static final Set<String> SLF4J_2_LOGGER_METHODS = Set.of(
            "atLevel",
            "atTrace",
            "atDebug",
            "atInfo",
            "atWarn",
            "atError",
            "isEnabledForLevel",
            "makeLoggingEventBuilder");

    @Test
    void noSlf4j2OnlyLoggerMethods() {
        noClasses()
                .should()
                .callMethodWhere(DescribedPredicate.describe(
                        "a method of org.slf4j.Logger that SLF4J 1.7 does not have",
                        (JavaMethodCall call) -> call.getTargetOwner().isEquivalentTo(org.slf4j.Logger.class)
                                && SLF4J_2_LOGGER_METHODS.contains(call.getName())))
                .check(PRODUCTION_CLASSES);
    }

    @Test
    void noSlf4j2OnlyTypes() {
        noClasses()
                .should()
                .dependOnClassesThat()
                .haveNameMatching("org\\.slf4j\\.spi\\.(.*LoggingEventBuilder|LoggingEventAware|CallerBoundaryAware"
                        + "|SLF4JServiceProvider)|org\\.slf4j\\.event\\.(KeyValuePair|DefaultLoggingEvent)")
                .check(PRODUCTION_CLASSES);
    }
}
