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
package example;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.util.Version;
import org.junit.jupiter.api.Test;

/**
 * The application's own Netty stays at the Boot BOM's 4.1 beside skiff-embedded: the classpath on which this project
 * runs the shared {@code OrderFlowTest}.
 */
class ApplicationNettyTest {
    @Test
    void theApplicationKeepsNetty41() {
        assertThat(Version.identify().get("netty-common").artifactVersion()).startsWith("4.1.");
    }
}
