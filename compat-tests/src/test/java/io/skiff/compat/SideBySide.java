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
package io.skiff.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

/**
 * Runs one scenario against the shared real Kafka and against Skiff and compares what each wrote down, line by line:
 * Kafka's transcript is the spec.
 *
 * <p>Stateless.
 */
final class SideBySide {
    private SideBySide() {}

    /** A scenario against one broker: what it saw, one fact a line, with nothing broker-specific left in. */
    @FunctionalInterface
    interface Transcript {
        List<String> of(String bootstrap) throws Exception;
    }

    static void assertSameAsOnKafka(String skiffBootstrap, Transcript transcript) throws Exception {
        List<String> kafka = transcript.of(RealKafka.shared().bootstrapServers());
        List<String> ours = transcript.of(skiffBootstrap);
        assertEquals(String.join("\n", kafka), String.join("\n", ours));
    }
}
