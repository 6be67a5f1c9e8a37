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

import io.skiff.broker.SkiffServer;
import io.skiff.spring.EmbeddedSkiff;
import io.skiff.testkit.SkiffKit;
import io.skiff.testkit.SkiffTopic;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.kafka.core.KafkaTemplate;

@SpringBootTest
@EmbeddedSkiff(topics = @SkiffTopic(name = "orders", partitions = 2))
class OrderFlowTest {
    @Autowired
    KafkaTemplate<String, String> template;

    @Autowired
    OrderApplication.OrderListener listener;

    @Autowired
    SkiffServer skiff;

    @Autowired
    SkiffKit kit;

    @Value("${spring.kafka.bootstrap-servers}")
    String bootstrapServers;

    @Test
    void theListenerReceivesWhatTheTemplateSends() throws Exception {
        assertThat(bootstrapServers).isEqualTo(skiff.bootstrapServers());
        template.send("orders", "o-1", "42 EUR").get();
        await().atMost(Duration.ofSeconds(30)).until(() -> listener.received.contains("42 EUR"));
        kit.awaitZeroLag("order-app", Duration.ofSeconds(30));
        assertThat(kit.committedOffsets("order-app").values().stream().mapToLong(Long::longValue).sum())
                .isEqualTo(1);
    }
}
