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
package io.skiff.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/** {@code @Skiff(console = true)} without the console module, and the keep-alive property's values. */
class SkiffConsoleOptionTest {

    @Test
    void askingForTheConsoleWithoutTheModuleFailsSayingWhatToAdd() {
        List<Event> failures = EngineTestKit.engine("junit-jupiter")
                .selectors(selectClass(ConsoleFixture.class))
                .execute()
                .allEvents()
                .failed()
                .list();
        assertEquals(1, failures.size(), failures::toString);
        Throwable thrown = failures.get(0)
                .getPayload(org.junit.platform.engine.TestExecutionResult.class)
                .flatMap(org.junit.platform.engine.TestExecutionResult::getThrowable)
                .orElseThrow();
        assertTrue(
                thrown.getMessage().contains("io.skiff:skiff-console is not on the test classpath"),
                thrown.getMessage());
    }

    @Test
    void theHoldLastsOnlyWhenAsked() {
        assertEquals(0, FailedTestHold.seconds(null));
        assertEquals(0, FailedTestHold.seconds(""));
        assertEquals(0, FailedTestHold.seconds("false"));
        assertEquals(0, FailedTestHold.seconds("soon"));
        assertEquals(600, FailedTestHold.seconds("true"));
        assertEquals(30, FailedTestHold.seconds("30"));
    }

    @Test
    void withoutThePropertyAFailedTestsBrokerIsNotHeld() {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.clearProperty(FailedTestHold.PROPERTY);
        FailedTestHold.maybeHold("t()", null, new PrintStream(printed, true, StandardCharsets.UTF_8));
        assertEquals("", printed.toString(StandardCharsets.UTF_8));
    }

    @Skiff(console = true)
    static class ConsoleFixture {
        @Test
        void neverRuns() {}
    }
}
