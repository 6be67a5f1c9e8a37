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
package io.skiff.compat.clients;

import io.skiff.record.CompressionType;
import io.skiff.record.RecordBatchView;
import io.skiff.record.RecordBatches;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Reads the record batches a broker stored for one partition straight from its segment files, to check what a
 * client really sent (e.g. that kcat's {@code -z zstd} batches arrived and were kept zstd-compressed).
 *
 * <p>Thread-safety: stateless; read only while nothing appends to the partition.
 */
final class StoredBatches {
    private StoredBatches() {}

    /** The compression type of every batch stored in {@code dataDir/<topic>-<partition>/*.log}, in offset order. */
    static List<CompressionType> compressionTypes(Path dataDir, String topic, int partition) {
        Path dir = dataDir.resolve(topic + "-" + partition);
        List<CompressionType> types = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path segment :
                    files.filter(f -> f.toString().endsWith(".log")).sorted().toList()) {
                for (RecordBatchView batch : RecordBatches.iterate(ByteBuffer.wrap(Files.readAllBytes(segment)))) {
                    types.add(batch.compressionType());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the segments of " + dir, e);
        }
        return types;
    }
}
