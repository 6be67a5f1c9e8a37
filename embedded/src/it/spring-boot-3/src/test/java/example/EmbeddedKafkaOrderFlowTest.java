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
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.test.context.EmbeddedKafka;

/** OrderFlowTest on spring-kafka-test's @EmbeddedKafka, for the comparison in the README (-Pembedded-kafka). */
@SpringBootTest(properties = "spring.kafka.bootstrap-servers=${spring.embedded.kafka.brokers}")
@EmbeddedKafka(topics = "orders", partitions = 2)
class EmbeddedKafkaOrderFlowTest {
    @Autowired
    KafkaTemplate<String, String> template;

    @Autowired
    OrderApplication.OrderListener listener;

    @Test
    void theListenerReceivesWhatTheTemplateSends() throws Exception {
        template.send("orders", "o-1", "42 EUR").get();
        await().atMost(Duration.ofSeconds(30)).until(() -> listener.received.contains("42 EUR"));
    }
}
