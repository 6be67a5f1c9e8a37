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
package io.skiff.compat;

import static io.skiff.compat.DataCompatSupport.consumer;
import static io.skiff.compat.DataCompatSupport.producer;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.ProducerState;
import org.apache.kafka.clients.admin.TransactionDescription;
import org.apache.kafka.clients.admin.TransactionListing;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.common.utils.internals.Exit;
import org.apache.kafka.tools.TransactionsCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Kafka's {@code kafka-transactions} tool and the Admin calls behind it against an open transaction: list, describe,
 * describe-producers, find-hanging (which finds none: the coordinator knows the transaction) and abort
 * (WriteTxnMarkers), after which read_committed moves past it.
 */
class TransactionsToolCompatTest {
    @RegisterExtension
    static final DataCompatSupport.Broker BROKER = new DataCompatSupport.Broker();

    private static String tool(String... args) throws Exception {
        String[] all = new String[args.length + 2];
        all[0] = "--bootstrap-server";
        all[1] = BROKER.bootstrapServers();
        System.arraycopy(args, 0, all, 2, args.length);
        Method execute = TransactionsCommand.class.getDeclaredMethod(
                "execute", String[].class, Function.class, PrintStream.class, Time.class);
        execute.setAccessible(true);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        // The tool never closes the Admin it asks for (it ends with Exit.exit): this method does, or the client would
        // keep reconnecting to the stopped broker for the rest of the test JVM.
        List<Admin> created = new ArrayList<>();
        Function<Object, Admin> admin = ns -> {
            Admin a = Admin.create(Map.of("bootstrap.servers", BROKER.bootstrapServers()));
            created.add(a);
            return a;
        };
        PrintStream originalErr = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        Exit.setExitProcedure((status, message) -> {
            throw new IllegalStateException("exit " + status + ": " + message);
        });
        try {
            execute.invoke(null, all, admin, new PrintStream(out, true, StandardCharsets.UTF_8), Time.SYSTEM);
        } catch (InvocationTargetException e) {
            if (String.valueOf(e.getCause().getMessage()).startsWith("exit 0:")) {
                return out.toString(StandardCharsets.UTF_8); // the tool ends with Exit.exit(0)
            }
            throw new AssertionError(
                    "kafka-transactions failed: " + e.getCause() + "\n" + out + "\n" + err, e.getCause());
        } finally {
            Exit.resetExitProcedure();
            System.setErr(originalErr);
            created.forEach(a -> a.close(Duration.ofSeconds(5)));
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void listDescribeFindHangingAndAbortAnOpenTransaction() throws Exception {
        BROKER.admin()
                .createTopics(List.of(new NewTopic("txn-tool", 1, (short) 1)))
                .all()
                .get();
        TopicPartition tp = new TopicPartition("txn-tool", 0);
        KafkaProducer<String, String> hanging =
                producer(BROKER.bootstrapServers(), "transactional.id", "tool-1", "max.block.ms", "10000");
        try {
            hanging.initTransactions();
            hanging.beginTransaction();
            hanging.send(new ProducerRecord<>(tp.topic(), "open")).get();

            List<TransactionListing> listed =
                    List.copyOf(BROKER.admin().listTransactions().all().get());
            assertTrue(
                    listed.stream()
                            .anyMatch(l -> l.transactionalId().equals("tool-1")
                                    && l.state().toString().equals("Ongoing")),
                    listed.toString());
            TransactionDescription d = BROKER.admin()
                    .describeTransactions(List.of("tool-1"))
                    .description("tool-1")
                    .get();
            assertEquals(List.of(tp), List.copyOf(d.topicPartitions()));
            List<ProducerState> producers = BROKER.activeProducers(tp);
            assertEquals(1, producers.size());
            assertEquals(d.producerId(), producers.get(0).producerId());
            assertEquals(0L, producers.get(0).currentTransactionStartOffset().getAsLong());

            String list = tool("list");
            assertTrue(list.contains("tool-1") && list.contains("Ongoing"), list);
            String describe = tool("describe", "--transactional-id", "tool-1");
            assertTrue(describe.contains("Ongoing") && describe.contains("txn-tool-0"), describe);
            String describeProducers = tool("describe-producers", "--topic", "txn-tool", "--partition", "0");
            assertTrue(describeProducers.contains(Long.toString(d.producerId())), describeProducers);
            String hangingOut = tool("find-hanging", "--broker-id", "1", "--max-transaction-timeout", "0");
            // the open transaction is known to its coordinator as Ongoing: it is not hanging
            assertTrue(hangingOut.startsWith("Topic\tPartition\tProducerId"), hangingOut);
            assertTrue(!hangingOut.contains("txn-tool"), hangingOut);

            tool("abort", "--topic", "txn-tool", "--partition", "0", "--start-offset", "0");
            try (KafkaConsumer<String, String> c =
                    consumer(BROKER.bootstrapServers(), "isolation.level", "read_committed")) {
                // the ABORT marker ends the transaction on the partition: the LSO moves to the end
                await().atMost(Duration.ofSeconds(10))
                        .until(() -> c.endOffsets(List.of(tp)).get(tp) == 2L);
            }
        } finally {
            hanging.close(Duration.ZERO);
        }
    }
}
