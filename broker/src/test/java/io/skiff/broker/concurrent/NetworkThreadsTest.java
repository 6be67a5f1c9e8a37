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
