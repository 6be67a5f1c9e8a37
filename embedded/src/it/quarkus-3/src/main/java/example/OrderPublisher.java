package example;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Publishes orders to the "orders" topic of the Kafka at kafka.bootstrap.servers. */
@ApplicationScoped
public class OrderPublisher {
    private final KafkaProducer<String, String> producer;

    public OrderPublisher(@ConfigProperty(name = "kafka.bootstrap.servers") String bootstrapServers) {
        this.producer = new KafkaProducer<>(
                Map.of("bootstrap.servers", bootstrapServers), new StringSerializer(), new StringSerializer());
    }

    public void publish(String id, String order) throws ExecutionException, InterruptedException {
        producer.send(new ProducerRecord<>("orders", id, order)).get();
    }

    @PreDestroy
    void close() {
        producer.close();
    }
}
