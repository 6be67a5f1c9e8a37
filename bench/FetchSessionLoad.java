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
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * What fetch sessions save, for bench/fetch-sessions.sh: one Java consumer (default settings, so it uses fetch
 * sessions when the broker offers them) assigned every partition of a topic of many partitions, while a producer
 * writes 100-byte records to random partitions at a steady rate (one every 1/rate s; 0: none). After a warm-up it measures, over a window, the
 * consumer's fetch traffic to the broker (its node metrics: bytes sent, bytes received, requests), the records
 * received, the broker JVM's CPU time (/proc/PID/stat, also per fetch) and this JVM's (consumer and producer), and
 * prints one key=value line.
 *
 * <pre>
 * java -cp "$KAFKA_LIBS/*:classes" FetchSessionLoad HOST:PORT BROKER_PID TOPIC PARTITIONS WARMUP_S SECONDS RECORDS_PER_S
 * </pre>
 *
 * <p>Not thread-safe; run as a program.
 */
public final class FetchSessionLoad {
    public static void main(String[] args) throws Exception {
        String bootstrap = args[0];
        long brokerPid = Long.parseLong(args[1]);
        String topic = args[2];
        int partitions = Integer.parseInt(args[3]);
        int warmup = Integer.parseInt(args[4]);
        int seconds = Integer.parseInt(args[5]);
        int rate = Integer.parseInt(args[6]);
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
            admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1))).all().get();
        }
        Properties pp = new Properties();
        pp.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        pp.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        pp.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        pp.put(ProducerConfig.ACKS_CONFIG, "1");
        Properties cp = new Properties();
        cp.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        cp.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        cp.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        cp.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        AtomicBoolean running = new AtomicBoolean(true);
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(pp);
                KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(cp)) {
            Thread writer = new Thread(() -> {
                byte[] value = new byte[100];
                long pauseNanos = rate == 0 ? 0 : 1_000_000_000L / rate;
                long next = System.nanoTime();
                while (running.get() && rate > 0) {
                    // A steady trickle: one record every 1/rate s, each to a random partition.
                    int p = ThreadLocalRandom.current().nextInt(partitions);
                    producer.send(new ProducerRecord<>(topic, p, null, value));
                    next += pauseNanos;
                    long wait = next - System.nanoTime();
                    if (wait > 0) {
                        try {
                            Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                }
            });
            writer.setDaemon(true);
            writer.start();
            List<TopicPartition> all = new ArrayList<>();
            for (int p = 0; p < partitions; p++) {
                all.add(new TopicPartition(topic, p));
            }
            consumer.assign(all);
            long warmupEnd = System.nanoTime() + warmup * 1_000_000_000L;
            while (System.nanoTime() < warmupEnd) {
                consumer.poll(Duration.ofMillis(200));
            }
            double out0 = nodeMetric(consumer, "outgoing-byte-total");
            double in0 = nodeMetric(consumer, "incoming-byte-total");
            double req0 = nodeMetric(consumer, "request-total");
            double cpu0 = cpuSeconds(brokerPid);
            double clientCpu0 = clientCpuSeconds();
            long start = System.nanoTime();
            long records = 0;
            long end = start + seconds * 1_000_000_000L;
            while (System.nanoTime() < end) {
                records += consumer.poll(Duration.ofMillis(200)).count();
            }
            double elapsed = (System.nanoTime() - start) / 1e9;
            double cpu = cpuSeconds(brokerPid) - cpu0;
            double clientCpu = clientCpuSeconds() - clientCpu0;
            double out = nodeMetric(consumer, "outgoing-byte-total") - out0;
            double in = nodeMetric(consumer, "incoming-byte-total") - in0;
            double req = nodeMetric(consumer, "request-total") - req0;
            running.set(false);
            System.out.printf(
                    "seconds=%.1f brokerCpuSeconds=%.2f brokerCpuMsPerFetch=%.2f clientCpuSeconds=%.2f"
                            + " fetchRequestsPerSec=%.1f requestBytesPerSec=%.0f responseBytesPerSec=%.0f"
                            + " bytesPerRequest=%.0f bytesPerResponse=%.0f recordsPerSec=%.1f%n",
                    elapsed, cpu, 1000 * cpu / req, clientCpu, req / elapsed, out / elapsed, in / elapsed,
                    out / req, in / req, records / elapsed);
        }
    }

    /** The consumer's metric of its connection to the broker (node-1, the fetch connection). */
    private static double nodeMetric(KafkaConsumer<?, ?> consumer, String name) {
        double total = 0;
        for (Map.Entry<MetricName, ? extends Metric> e : consumer.metrics().entrySet()) {
            MetricName m = e.getKey();
            if (m.group().equals("consumer-node-metrics") && m.name().equals(name)
                    && "node-1".equals(m.tags().get("node-id"))) {
                total += ((Number) e.getValue().metricValue()).doubleValue();
            }
        }
        return total;
    }

    /** CPU seconds of this JVM (consumer and producer) so far. */
    private static double clientCpuSeconds() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                                .getOperatingSystemMXBean())
                        .getProcessCpuTime()
                / 1e9;
    }

    /** User + system CPU seconds of a process so far. */
    private static double cpuSeconds(long pid) throws Exception {
        String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        // After the command: state is field 3; utime and stime are fields 14 and 15 (indexes 11 and 12 here).
        return (Long.parseLong(f[11]) + Long.parseLong(f[12])) / 100.0;
    }
}
