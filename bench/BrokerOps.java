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
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Broker operations that are not throughput, against any broker (Skiff or Kafka), each printing one line of
 * key=value pairs:
 *
 * <ul>
 *   <li>{@code partitions HOST:PORT TOPIC N}: {@code Admin.createTopics} of a topic with N partitions
 *       (replication factor 1); {@code createMs} is until its future completes. Then a producer (acks=1, no
 *       linger) sends one 100-byte record to each partition, retrying as the client does; {@code writableMs} is
 *       from the start of the create until every partition has acknowledged a record.
 *   <li>{@code connections HOST:PORT N}: opens N TCP connections at once, each sending an ApiVersions request
 *       (v0); {@code openMs} is until all N have been answered. Then every connection sends a Metadata request (v1,
 *       no topics) at the same moment; {@code burstMs} is until all N have been answered.
 *   <li>{@code fill HOST:PORT PREFIX TOPICS PARTITIONS MIB}: creates TOPICS topics {@code PREFIX-0..} of PARTITIONS
 *       partitions each and writes MIB mebibytes of 10 KiB records spread evenly over all their partitions
 *       (acks=1, large batches), for the start-time measurement of a big data directory.
 *   <li>{@code touch HOST:PORT PREFIX TOPICS PARTITIONS EVERY}: one 100-byte record to every EVERY-th partition of
 *       those topics (acks=1), so that a broker killed afterwards has unflushed data to recover.
 * </ul>
 *
 * <p>Run with Kafka's client jars on the class path (java single-file source launch):
 * {@code java -cp "$(/path/to/tools/kafka/fetch.sh)/*" bench/BrokerOps.java partitions 127.0.0.1:9092 t 1000}
 */
public class BrokerOps {
    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "partitions" -> partitions(args[1], args[2], Integer.parseInt(args[3]));
            case "connections" -> connections(args[1], Integer.parseInt(args[2]));
            case "fill" -> fill(
                    args[1], args[2], Integer.parseInt(args[3]), Integer.parseInt(args[4]), Long.parseLong(args[5]));
            case "touch" -> touch(
                    args[1], args[2], Integer.parseInt(args[3]), Integer.parseInt(args[4]), Integer.parseInt(args[5]));
            default -> throw new IllegalArgumentException("unknown operation " + args[0]);
        }
    }

    static void partitions(String bootstrap, String topic, int count) throws Exception {
        Properties p = new Properties();
        p.put("bootstrap.servers", bootstrap);
        p.put("acks", "1");
        p.put("linger.ms", "0");
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap));
                KafkaProducer<byte[], byte[]> producer =
                        new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer())) {
            // Connect both clients first: the figures are the broker's, not the clients' start.
            admin.describeCluster().nodes().get();
            producer.partitionsFor("__bench_warmup_" + System.nanoTime()).size();
            long t0 = System.nanoTime();
            admin.createTopics(List.of(new NewTopic(topic, count, (short) 1))).all().get();
            long createNs = System.nanoTime() - t0;
            byte[] value = new byte[100];
            CountDownLatch acked = new CountDownLatch(count);
            AtomicReference<Exception> failed = new AtomicReference<>();
            for (int i = 0; i < count; i++) {
                producer.send(new ProducerRecord<>(topic, i, null, value), (md, e) -> {
                    if (e != null) {
                        failed.compareAndSet(null, e);
                    }
                    acked.countDown();
                });
            }
            if (!acked.await(300, TimeUnit.SECONDS) || failed.get() != null) {
                throw new IllegalStateException("not every partition became writable", failed.get());
            }
            long writableNs = System.nanoTime() - t0;
            System.out.printf(
                    "partitions=%d createMs=%.0f writableMs=%.0f%n", count, createNs / 1e6, writableNs / 1e6);
        }
    }

    static void fill(String bootstrap, String prefix, int topics, int partitions, long mebibytes) throws Exception {
        Properties p = new Properties();
        p.put("bootstrap.servers", bootstrap);
        p.put("acks", "1");
        p.put("linger.ms", "20");
        p.put("batch.size", Integer.toString(256 * 1024));
        p.put("buffer.memory", Long.toString(256L * 1024 * 1024));
        p.put("max.request.size", Integer.toString(8 * 1024 * 1024));
        long t0 = System.nanoTime();
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap));
                KafkaProducer<byte[], byte[]> producer =
                        new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer())) {
            for (int t = 0; t < topics; t++) { // one per request: Kafka refuses over 10,000 records in one
                admin.createTopics(List.of(new NewTopic(prefix + "-" + t, partitions, (short) 1)))
                        .all()
                        .get();
            }
            byte[] value = new byte[10 * 1024];
            new java.util.Random(1).nextBytes(value); // incompressible, as real data mostly is
            long records = mebibytes * 1024 * 1024 / value.length;
            AtomicReference<Exception> failed = new AtomicReference<>();
            for (long i = 0; i < records && failed.get() == null; i++) {
                int slot = (int) (i % ((long) topics * partitions));
                producer.send(new ProducerRecord<>(prefix + "-" + slot / partitions, slot % partitions, null, value),
                        (md, e) -> {
                            if (e != null) {
                                failed.compareAndSet(null, e);
                            }
                        });
            }
            producer.flush();
            if (failed.get() != null) {
                throw new IllegalStateException("a write failed", failed.get());
            }
            System.out.printf(
                    "topics=%d partitions=%d records=%d mib=%d fillMs=%.0f%n",
                    topics, topics * partitions, records, mebibytes, (System.nanoTime() - t0) / 1e6);
        }
    }

    static void touch(String bootstrap, String prefix, int topics, int partitions, int every) throws Exception {
        Properties p = new Properties();
        p.put("bootstrap.servers", bootstrap);
        p.put("acks", "1");
        try (KafkaProducer<byte[], byte[]> producer =
                new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer())) {
            for (int slot = 0; slot < topics * partitions; slot += every) {
                producer.send(new ProducerRecord<>(prefix + "-" + slot / partitions, slot % partitions, null, new byte[100]));
            }
            producer.flush();
        }
    }

    static void connections(String hostPort, int count) throws Exception {
        String host = hostPort.substring(0, hostPort.lastIndexOf(':'));
        int port = Integer.parseInt(hostPort.substring(hostPort.lastIndexOf(':') + 1));
        byte[] apiVersions = request(18, 0, 1, new byte[0]);
        byte[] metadata = request(3, 1, 2, new byte[] {0, 0, 0, 0}); // v1: an empty topic array
        List<Socket> sockets = new ArrayList<>(count);
        try {
            long t0 = System.nanoTime();
            exchangeAll(count, i -> {
                Socket s = new Socket();
                s.setTcpNoDelay(true);
                s.connect(new InetSocketAddress(host, port), 30_000);
                synchronized (sockets) {
                    sockets.add(s);
                }
                exchange(s, apiVersions, 1);
            });
            long openNs = System.nanoTime() - t0;
            List<Socket> all = List.copyOf(sockets);
            t0 = System.nanoTime();
            exchangeAll(count, i -> exchange(all.get(i), metadata, 2));
            long burstNs = System.nanoTime() - t0;
            System.out.printf("connections=%d openMs=%.0f burstMs=%.0f%n", count, openNs / 1e6, burstNs / 1e6);
        } finally {
            for (Socket s : sockets) {
                s.close();
            }
        }
    }

    interface Exchange {
        void run(int index) throws IOException;
    }

    /** Runs {@code count} exchanges at once, one thread each, released together. */
    static void exchangeAll(int count, Exchange exchange) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        AtomicInteger failures = new AtomicInteger();
        AtomicReference<Exception> first = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int index = i;
            Thread t = new Thread(() -> {
                try {
                    start.await();
                    exchange.run(index);
                } catch (Exception e) {
                    failures.incrementAndGet();
                    first.compareAndSet(null, e);
                }
            });
            t.start();
            threads.add(t);
        }
        start.countDown();
        for (Thread t : threads) {
            t.join();
        }
        if (failures.get() > 0) {
            throw new IllegalStateException(failures.get() + " of " + count + " exchanges failed", first.get());
        }
    }

    static byte[] request(int apiKey, int version, int correlationId, byte[] body) {
        byte[] client = "bench".getBytes(StandardCharsets.UTF_8);
        ByteBuffer b = ByteBuffer.allocate(4 + 2 + 2 + 4 + 2 + client.length + body.length);
        b.putInt(b.capacity() - 4).putShort((short) apiKey).putShort((short) version).putInt(correlationId);
        b.putShort((short) client.length).put(client).put(body);
        return b.array();
    }

    static void exchange(Socket s, byte[] request, int correlationId) throws IOException {
        OutputStream out = s.getOutputStream();
        out.write(request);
        out.flush();
        DataInputStream in = new DataInputStream(s.getInputStream());
        int size = in.readInt();
        byte[] response = new byte[size];
        in.readFully(response);
        if (ByteBuffer.wrap(response).getInt() != correlationId) {
            throw new IOException("unexpected correlation id");
        }
    }
}
