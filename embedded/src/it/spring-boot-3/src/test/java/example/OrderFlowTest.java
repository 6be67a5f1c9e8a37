package example;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.netty.util.Version;
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
        assertThat(Version.identify().get("netty-common").artifactVersion()).startsWith("4.1.");
        assertThat(bootstrapServers).isEqualTo(skiff.bootstrapServers());
        template.send("orders", "o-1", "42 EUR").get();
        await().atMost(Duration.ofSeconds(30)).until(() -> listener.received.contains("42 EUR"));
        kit.awaitZeroLag("order-app", Duration.ofSeconds(30));
        assertThat(kit.committedOffsets("order-app").values().stream().mapToLong(Long::longValue).sum())
                .isEqualTo(1);
    }
}
