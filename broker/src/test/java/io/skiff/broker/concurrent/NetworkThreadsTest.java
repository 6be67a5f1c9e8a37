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
package io.skiff.broker.concurrent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

class NetworkThreadsTest {
    @Test
    void threadsOfAMarkingFactoryRefuseToBlock() throws Exception {
        ExecutorService network = Executors.newSingleThreadExecutor(NetworkThreads.marking(Thread::new));
        try {
            CompletableFuture<String> outcome = CompletableFuture.supplyAsync(
                    () -> {
                        assertTrue(NetworkThreads.isNetworkThread());
                        try {
                            NetworkThreads.checkMayBlock("Creating topic t");
                            return "allowed";
                        } catch (IllegalStateException e) {
                            return e.getMessage();
                        }
                    },
                    network);
            String message = outcome.get();
            assertTrue(message.startsWith("Creating topic t blocks on the disk"), message);
        } finally {
            network.shutdown();
        }
    }

    @Test
    void otherThreadsMayBlock() {
        assertFalse(NetworkThreads.isNetworkThread());
        NetworkThreads.checkMayBlock("Creating topic t");
        assertEquals(Boolean.FALSE, NetworkThreads.isNetworkThread());
    }
}
