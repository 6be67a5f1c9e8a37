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

import io.skiff.testkit.Skiff;
import io.skiff.testkit.SkiffKit;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The broker inside the jar validates compressed batches with the codecs it depends on (not relocated: their native
 * code is bound to their own package names): every codec works, and a topic that asks for another codec makes the
 * broker recompress.
 */
@Skiff
class CompressionTest {
    @ParameterizedTest
    @ValueSource(strings = {"gzip", "snappy", "lz4", "zstd"})
    void producedBatchesAreReadBack(String codec, SkiffKit kit) throws Exception {
        String topic = "compressed-" + codec;
        kit.createTopic(topic, 1, Map.of("compression.type", codec.equals("zstd") ? "lz4" : "zstd"));
        Map<String, Object> props = kit.producerProperties();
        props.put("compression.type", codec);
        props.put("linger.ms", "50");
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(props)) {
            for (int i = 0; i < 20; i++) {
                producer.send(new ProducerRecord<>(topic, "k" + i, codec + "-" + i));
            }
        }
        List<ConsumerRecord<String, String>> records = kit.readRecords(topic, 20, Duration.ofSeconds(30));
        for (int i = 0; i < 20; i++) {
            assertEquals(codec + "-" + i, records.get(i).value());
        }
    }
}
