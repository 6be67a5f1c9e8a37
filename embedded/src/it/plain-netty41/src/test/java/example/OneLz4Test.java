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
