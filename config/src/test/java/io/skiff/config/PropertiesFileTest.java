package io.skiff.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PropertiesFileTest {
    @TempDir
    Path dir;

    @Test
    void readsCommentsContinuationsEscapesAndUtf8() throws IOException {
        Path f = dir.resolve("server.properties");
        Files.writeString(f, """
                # comment
                ! also a comment
                listeners = PLAINTEXT://127.0.0.1:9092,\\
                            OTHER://127.0.0.1:9093
                log.dirs=/data/k\\u00e4fka
                cluster.id: ünïcode
                """);
        assertEquals(
                Map.of(
                        "listeners",
                        "PLAINTEXT://127.0.0.1:9092,OTHER://127.0.0.1:9093",
                        "log.dirs",
                        "/data/käfka",
                        "cluster.id",
                        "ünïcode"),
                PropertiesFile.load(f));
    }
}
