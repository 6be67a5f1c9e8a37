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
package io.skiff.storage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FieldLinesTest {
    @TempDir
    Path dir;

    @Test
    void writesIntoANewDirectoryAndReadsEachEntryBack() {
        Path file = dir.resolve("quotas").resolve("client-quotas");
        FieldLines.write(file, List.of(new String[] {"user=a", "producer_byte_rate", "1024.0"}, new String[] {"g"}));

        List<String[]> read = new ArrayList<>();
        FieldLines.read(file, n -> n == 1 || n == 3, "an entry", read::add);

        assertEquals(2, read.size());
        assertArrayEquals(new String[] {"user=a", "producer_byte_rate", "1024.0"}, read.get(0));
        assertArrayEquals(new String[] {"g"}, read.get(1));
    }

    @Test
    void aMissingFileHasNoEntries() {
        List<String[]> read = new ArrayList<>();
        FieldLines.read(dir.resolve("absent"), n -> true, "an entry", read::add);
        assertTrue(read.isEmpty());
    }

    @Test
    void aLineWithTheWrongFieldsOrAMalformedValueNamesTheFileAndTheLine() throws Exception {
        Path file = dir.resolve("levels");
        Files.writeString(file, "epoch 3\n\nbroken\n", StandardCharsets.UTF_8);
        UncheckedIOException wrongFields = assertThrows(
                UncheckedIOException.class, () -> FieldLines.read(file, n -> n == 2, "'name level'", f -> {}));
        assertEquals(
                "cannot read " + file + ": line 3 is not 'name level'",
                wrongFields.getCause().getMessage());

        UncheckedIOException malformed = assertThrows(
                UncheckedIOException.class,
                () -> FieldLines.read(file, n -> true, "an entry", f -> Long.parseLong(f[f.length - 1])));
        assertTrue(malformed.getCause().getMessage().startsWith("cannot read " + file + ": "));
    }
}
