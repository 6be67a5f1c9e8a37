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
