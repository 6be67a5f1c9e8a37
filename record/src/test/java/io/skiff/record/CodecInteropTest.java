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
package io.skiff.record;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Our codecs against kafka-clients' for all four: batches compressed by kafka-clients decode with ours, and batches
 * we compress (a topic's compression.type) decode with kafka-clients, records equal byte for byte.
 */
class CodecInteropTest {
    private static final long T0 = 1_700_000_000_000L;
    private static final ValidationRules RULES = ValidationRules.defaults();

    @ParameterizedTest
    @EnumSource(value = CompressionType.class, names = "NONE", mode = EnumSource.Mode.EXCLUDE)
    void batchesCompressedByKafkaClientsDecodeWithOurs(CompressionType codec) {
        ByteBuffer kafka = KafkaBatches.batch(codec, 500, T0);
        List<String> expected = KafkaBatches.decode(kafka);

        ValidatedBatches stored = RecordValidator.validate(kafka.duplicate(), RULES, true, "t-0", T0);
        assertEquals(codec, stored.view(0).compressionType(), "producer: the batch is kept as sent");
        assertEquals(kafka, stored.buffer(), "kept byte for byte");

        ValidationRules decompress = withTarget(CompressionType.NONE);
        ValidatedBatches plain = RecordValidator.validate(kafka.duplicate(), decompress, true, "t-0", T0);
        assertEquals(CompressionType.NONE, plain.view(0).compressionType());
        assertEquals(expected, ours(plain.buffer()), "records decoded by our " + codec.label() + " codec");
    }

    @ParameterizedTest
    @EnumSource(value = CompressionType.class, names = "NONE", mode = EnumSource.Mode.EXCLUDE)
    void batchesWeCompressDecodeWithKafkaClients(CompressionType codec) {
        ByteBuffer plain = KafkaBatches.batch(CompressionType.NONE, 2000, T0);
        List<String> expected = KafkaBatches.decode(plain);

        ValidatedBatches compressed = RecordValidator.validate(plain.duplicate(), withTarget(codec), true, "t-0", T0);
        assertEquals(codec, compressed.view(0).compressionType());
        compressed.view(0).validate();
        assertEquals(expected, KafkaBatches.decode(compressed.buffer()));
        assertEquals(T0 + 1999, compressed.view(0).maxTimestamp());
    }

    @ParameterizedTest
    @EnumSource(value = CompressionType.class, names = "NONE", mode = EnumSource.Mode.EXCLUDE)
    void recompressingFromOneCodecToAnotherKeepsEveryRecord(CompressionType codec) {
        CompressionType other = codec == CompressionType.ZSTD ? CompressionType.GZIP : CompressionType.ZSTD;
        ByteBuffer kafka = KafkaBatches.batch(codec, 300, T0);
        ValidatedBatches recompressed = RecordValidator.validate(kafka.duplicate(), withTarget(other), true, "t-0", T0);
        assertEquals(other, recompressed.view(0).compressionType());
        assertEquals(KafkaBatches.decode(kafka), KafkaBatches.decode(recompressed.buffer()));
    }

    private static ValidationRules withTarget(CompressionType target) {
        return new ValidationRules(
                Integer.MAX_VALUE, TimestampType.CREATE_TIME, Long.MAX_VALUE, Long.MAX_VALUE, false, target);
    }

    /** Our reader's view of an uncompressed buffer, in {@link KafkaBatches#describe} form. */
    static List<String> ours(ByteBuffer buffer) {
        return RecordBatches.iterate(buffer.duplicate()).iterator().hasNext()
                ? java.util.stream.StreamSupport.stream(
                                RecordBatches.iterate(buffer.duplicate()).spliterator(), false)
                        .flatMap(b -> RecordReader.readAll(b).stream())
                        .map(r -> KafkaBatches.describe(
                                r.offset(),
                                r.timestamp(),
                                r.key(),
                                r.value(),
                                r.headers().stream()
                                        .map(h -> new org.apache.kafka.common.header.internals.RecordHeader(
                                                h.key(), h.valueBytes()))
                                        .toArray(org.apache.kafka.common.header.Header[]::new)))
                        .collect(Collectors.toList())
                : List.of();
    }
}
