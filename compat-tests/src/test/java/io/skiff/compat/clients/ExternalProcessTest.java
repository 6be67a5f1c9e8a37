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
package io.skiff.compat.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/** The process runner the real-client tests rely on: a missing tool fails loudly, output and exit codes are kept. */
class ExternalProcessTest {
    @Test
    void aMissingProgramFailsTheTestWithHowToInstallIt() {
        AssertionFailedError error = assertThrows(
                AssertionFailedError.class,
                () -> ExternalProcess.require(
                        "skiff-no-such-client", "install it with apt-get install skiff-no-such-client"));
        assertTrue(error.getMessage().startsWith("skiff-no-such-client not found on PATH"), error.getMessage());
        assertTrue(
                error.getMessage().endsWith("install it with apt-get install skiff-no-such-client"),
                error.getMessage());
    }

    @Test
    void capturesStdoutStderrAndExitCodeAndFeedsStdin() {
        String sh = ExternalProcess.require("sh", "a POSIX shell");
        ExternalProcess.Result result =
                ExternalProcess.of(sh, "-c", "cat; echo oops >&2; exit 3").run("one\ntwo\n");
        assertEquals(3, result.exitCode());
        assertEquals(List.of("one", "two"), result.lines());
        assertEquals("oops\n", result.stderr());
        AssertionFailedError error = assertThrows(AssertionFailedError.class, result::assertSuccess);
        assertTrue(
                error.getMessage().contains("exited with 3")
                        && error.getMessage().contains("oops"),
                error.getMessage());
    }

    @Test
    void aHangingProgramIsKilledAtItsTimeout() {
        String sh = ExternalProcess.require("sh", "a POSIX shell");
        AssertionFailedError error = assertThrows(
                AssertionFailedError.class,
                () -> ExternalProcess.of(sh, "-c", "echo started; exec sleep 600")
                        .timeout(Duration.ofMillis(500))
                        .run());
        assertTrue(
                error.getMessage().startsWith("timed out after PT0.5S")
                        && error.getMessage().contains("started"),
                error.getMessage());
    }
}
