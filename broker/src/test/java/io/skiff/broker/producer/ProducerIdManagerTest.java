package io.skiff.broker.producer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProducerIdManagerTest {
    @TempDir
    Path dir;

    @Test
    void idsAreUniqueAcrossRestarts() throws IOException {
        Set<Long> seen = new HashSet<>();
        ProducerIdManager first = ProducerIdManager.open(dir);
        for (int i = 0; i < ProducerIdManager.BLOCK_SIZE + 10; i++) {
            assertTrue(seen.add(first.nextProducerId()));
        }
        // A "crash": the first manager is simply abandoned, the next one must not reuse any id.
        ProducerIdManager second = ProducerIdManager.open(dir);
        for (int i = 0; i < 10; i++) {
            long id = second.nextProducerId();
            assertTrue(seen.add(id), "id " + id + " handed out twice");
        }
        assertEquals(
                3L * ProducerIdManager.BLOCK_SIZE,
                ProducerIdManager.open(dir).nextProducerId(),
                "each opening reserves a fresh block");
    }

    @Test
    void blockIsPersistedBeforeTheFirstIdIsHandedOut() throws IOException {
        ProducerIdManager m = ProducerIdManager.open(dir);
        assertEquals(0L, m.nextProducerId());
        assertEquals(
                Long.toString(ProducerIdManager.BLOCK_SIZE),
                Files.readString(dir.resolve(ProducerIdManager.FILE_NAME)).trim());
    }

    @Test
    void corruptFileIsReported() throws IOException {
        Files.writeString(dir.resolve(ProducerIdManager.FILE_NAME), "banana");
        IOException e = assertThrows(IOException.class, () -> ProducerIdManager.open(dir));
        assertTrue(e.getMessage().contains("banana"), e.getMessage());
    }
}
