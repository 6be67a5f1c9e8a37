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

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The temporary data directories of in-process servers started without one: made private to the user, deleted
 * when the server closes. Stateless; thread-safe.
 */
final class TempDataDirs {
    private static final Logger LOG = LoggerFactory.getLogger(TempDataDirs.class);

    private TempDataDirs() {}

    /**
     * A new private directory under java.io.tmpdir. Not {@code Files.createTempDirectory}: its SecureRandom costs
     * tens of milliseconds on a cold start, and a unique name is all that is needed here.
     */
    static Path create() throws IOException {
        Path base = Path.of(System.getProperty("java.io.tmpdir"));
        boolean posix = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
        for (int attempt = 0; ; attempt++) {
            Path dir = base.resolve(
                    "skiff-" + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36));
            try {
                return posix
                        ? Files.createDirectory(
                                dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")))
                        : Files.createDirectory(dir);
            } catch (FileAlreadyExistsException e) {
                if (attempt >= 100) {
                    throw e;
                }
            }
        }
    }

    /** Deletes {@code dir} with everything in it; what cannot be deleted is logged and left. */
    static void delete(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (var paths = Files.walk(dir)) {
            paths.sorted((a, b) -> b.getNameCount() - a.getNameCount()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    LOG.warn("Could not delete {}: {}", p, e.toString());
                }
            });
        } catch (IOException e) {
            LOG.warn("Could not delete {}: {}", dir, e.toString());
        }
    }
}
