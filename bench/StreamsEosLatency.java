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
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.LongDeserializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.kstream.Grouped;
import org.apache.kafka.streams.kstream.Produced;

/**
 * End-to-end latency of a Kafka Streams exactly_once_v2 word count (repartition and changelog topics, Streams'
 * defaults: commit every 100 ms under EOS) against any broker: one line with a new word is produced, and the time
 * until a read_committed consumer sees that word's count is measured, LINES times. Prints the median and p95 in ms.
 *
 * <p>{@code java -cp "$KAFKA_LIBS/*" bench/StreamsEosLatency.java host:port [LINES]}
 */
public class StreamsEosLatency {
    public static void main(String[] args) throws Exception {
        String bootstrap = args[0];
        int lines = args.length > 1 ? Integer.parseInt(args[1]) : 50;
        String suffix = Long.toString(System.nanoTime());
        String input = "eos-lat-in-" + suffix;
        String output = "eos-lat-out-" + suffix;
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
            admin.createTopics(List.of(new NewTopic(input, 1, (short) 1), new NewTopic(output, 1, (short) 1)))
                    .all()
                    .get();
        }
        StreamsBuilder builder = new StreamsBuilder();
        builder.<String, String>stream(input)
                .groupBy((k, word) -> word, Grouped.with("words", Serdes.String(), Serdes.String()))
                .count()
                .toStream()
                .to(output, Produced.with(Serdes.String(), Serdes.Long()));
        Properties p = new Properties();
        p.put(StreamsConfig.APPLICATION_ID_CONFIG, "eos-lat-" + suffix);
        p.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
        p.put(StreamsConfig.STATE_DIR_CONFIG, Files.createTempDirectory("eos-lat").toString());
        p.put(StreamsConfig.DEFAULT_KEY_SERDE_CLASS_CONFIG, Serdes.StringSerde.class);
        p.put(StreamsConfig.DEFAULT_VALUE_SERDE_CLASS_CONFIG, Serdes.StringSerde.class);
        KafkaStreams streams = new KafkaStreams(builder.build(), p);
        streams.start();
        while (streams.state() != KafkaStreams.State.RUNNING) {
            Thread.sleep(10);
        }
        Properties cp = new Properties();
        cp.put("bootstrap.servers", bootstrap);
        cp.put("isolation.level", "read_committed");
        List<Long> latencies = new ArrayList<>();
        try (KafkaProducer<String, String> producer =
                        new KafkaProducer<>(Map.of("bootstrap.servers", bootstrap), new StringSerializer(),
                                new StringSerializer());
                KafkaConsumer<String, Long> consumer =
                        new KafkaConsumer<>(cp, new StringDeserializer(), new LongDeserializer())) {
            TopicPartition tp = new TopicPartition(output, 0);
            consumer.assign(List.of(tp));
            consumer.seekToBeginning(List.of(tp));
            for (int i = 0; i < lines; i++) {
                String word = "w" + i;
                long t0 = System.nanoTime();
                producer.send(new ProducerRecord<>(input, word, word)).get();
                boolean seen = false;
                while (!seen) {
                    for (ConsumerRecord<String, Long> r : consumer.poll(Duration.ofMillis(5))) {
                        seen |= r.key().equals(word);
                    }
                }
                latencies.add((System.nanoTime() - t0) / 1_000_000);
            }
        }
        streams.close(Duration.ofSeconds(10));
        Collections.sort(latencies);
        System.out.printf(
                "lines=%d medianMs=%d p95Ms=%d%n",
                lines, latencies.get(lines / 2), latencies.get((int) Math.ceil(lines * 0.95) - 1));
    }
}
