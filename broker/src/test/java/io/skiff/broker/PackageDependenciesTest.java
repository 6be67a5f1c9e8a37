package io.skiff.broker;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * Dependencies between packages go one way (docs/architecture.md): Maven keeps modules from depending upwards, this
 * keeps the packages inside every module on the broker's classpath (config, record, protocol, storage, broker) free
 * of cycles.
 */
class PackageDependenciesTest {
    private static final JavaClasses PRODUCTION_CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.skiff");

    @Test
    void packagesAreFreeOfCycles() {
        slices().matching("io.skiff.(**)").should().beFreeOfCycles().check(PRODUCTION_CLASSES);
    }
}
