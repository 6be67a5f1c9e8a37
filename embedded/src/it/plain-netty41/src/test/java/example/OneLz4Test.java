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

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URL;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * kafka-clients before 4.2 brings lz4 as org.lz4:lz4-java, later ones as at.yawk.lz4:lz4-java (the same classes):
 * Skiff uses the one the application's kafka-clients brings and adds no second copy of the classes.
 */
class OneLz4Test {
    @Test
    void theLz4ClassesAreOnTheClasspathOnce() throws Exception {
        List<URL> copies = Collections.list(
                getClass().getClassLoader().getResources("net/jpountz/lz4/LZ4Factory.class"));
        assertEquals(1, copies.size(), "net.jpountz.lz4.LZ4Factory in " + copies);
    }
}
