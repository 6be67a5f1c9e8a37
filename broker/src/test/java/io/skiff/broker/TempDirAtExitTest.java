package io.skiff.broker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A server with a temporary data directory that is never closed still deletes that directory at JVM exit. */
class TempDirAtExitTest {
    /** Run in a child JVM: starts a server, writes to it, prints its data directory and exits without closing it. */
    public static void main(String[] args) throws IOException {
        SkiffServer server = SkiffServer.builder().start();
        server.createTopic("left-open", 1);
        System.out.println(server.dataDir());
    }

    @Test
    void aServerNeverClosedDeletesItsTemporaryDirectoryAtJvmExit() throws IOException, InterruptedException {
        Process child = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        TempDirAtExitTest.class.getName())
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the child JVM exits");
        assertEquals(0, child.exitValue());
        String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        Path dataDir = Path.of(out.lines().reduce((a, b) -> b).orElseThrow());
        assertTrue(dataDir.getFileName().toString().startsWith("skiff-"), out);
        assertFalse(Files.exists(dataDir), "deleted at exit: " + dataDir);
    }
}
