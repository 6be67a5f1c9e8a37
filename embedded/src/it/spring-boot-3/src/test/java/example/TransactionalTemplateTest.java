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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.skiff.testkit.SkiffKit;
import io.skiff.testkit.SkiffTopic;
import io.skiff.spring.EmbeddedSkiff;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.kafka.core.KafkaTemplate;

/**
 * Spring's transactional KafkaTemplate ({@code spring.kafka.producer.transaction-id-prefix}) on Skiff: committed
 * transactions are read by a read_committed consumer, a rolled-back one never is.
 */
@SpringBootTest(properties = "spring.kafka.producer.transaction-id-prefix=payments-tx-")
@EmbeddedSkiff(topics = @SkiffTopic(name = "payments", partitions = 1))
class TransactionalTemplateTest {
    @Autowired
    KafkaTemplate<String, String> template;

    @Autowired
    SkiffKit kit;

    @Test
    void aReadCommittedConsumerSeesCommittedTransactionsOnly() {
        assertThat(template.isTransactional()).isTrue();
        template.executeInTransaction(t -> {
            t.send("payments", "p-1", "10 EUR");
            return t.send("payments", "p-2", "20 EUR");
        });
        assertThatThrownBy(() -> template.executeInTransaction(t -> {
                    t.send("payments", "p-3", "rolled back");
                    t.flush();
                    throw new IllegalStateException("payment refused");
                }))
                .hasMessage("payment refused");
        template.executeInTransaction(t -> t.send("payments", "p-4", "40 EUR"));

        assertThat(readCommitted("payments")).containsExactly("10 EUR", "20 EUR", "40 EUR");
    }

    /** The values of partition 0 up to its last stable offset, read with isolation.level=read_committed. */
    private List<String> readCommitted(String topic) {
        Map<String, Object> props = kit.consumerProperties(null);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        TopicPartition tp = new TopicPartition(topic, 0);
        List<String> values = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props)) {
            consumer.assign(List.of(tp));
            consumer.seekToBeginning(List.of(tp));
            long end = consumer.endOffsets(List.of(tp)).get(tp);
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (consumer.position(tp) < end && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(200))) {
                    values.add(r.value());
                }
            }
            assertThat(consumer.position(tp)).as("read up to the last stable offset").isEqualTo(end);
        }
        return values;
    }
}
