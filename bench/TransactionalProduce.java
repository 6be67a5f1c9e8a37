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
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Transactional produce against any broker with the official Java producer: the time of initTransactions() on a new
 * transactional id, then RECORDS records of RECORD_SIZE bytes to a fresh one-partition topic in transactions of
 * COMMIT_EVERY records each (send, send, ..., commitTransaction). Prints one line of key=value pairs.
 *
 * <p>Run with Kafka's client jars on the class path (java single-file source launch):
 * {@code java -cp "$(/path/to/tools/kafka/fetch.sh)/*" bench/TransactionalProduce.java host:port RECORDS COMMIT_EVERY}
 */
public class TransactionalProduce {
    public static void main(String[] args) throws Exception {
        String bootstrap = args[0];
        int records = Integer.parseInt(args[1]);
        int commitEvery = Integer.parseInt(args[2]);
        int recordSize = args.length > 3 ? Integer.parseInt(args[3]) : 1024;
        String suffix = Long.toString(System.nanoTime());
        String topic = "txn-bench-" + suffix;
        try (Admin admin = Admin.create(java.util.Map.of("bootstrap.servers", bootstrap))) {
            admin.createTopics(java.util.List.of(new NewTopic(topic, 1, (short) 1))).all().get();
        }
        Properties p = new Properties();
        p.put("bootstrap.servers", bootstrap);
        p.put("transactional.id", "txn-bench-" + suffix);
        p.put("linger.ms", "5");
        KafkaProducer<byte[], byte[]> producer =
                new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer());
        long t0 = System.nanoTime();
        producer.initTransactions();
        long initMs = (System.nanoTime() - t0) / 1_000_000;
        byte[] value = new byte[recordSize];
        t0 = System.nanoTime();
        for (int sent = 0; sent < records; ) {
            producer.beginTransaction();
            for (int i = 0; i < commitEvery && sent < records; i++, sent++) {
                producer.send(new ProducerRecord<>(topic, value));
            }
            producer.commitTransaction();
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        producer.close();
        System.out.printf(
                "initTransactionsMs=%d records=%d commitEvery=%d recordsPerSec=%.0f MiBPerSec=%.1f%n",
                initMs, records, commitEvery, records / seconds, records * (double) recordSize / seconds / (1 << 20));
    }
}
