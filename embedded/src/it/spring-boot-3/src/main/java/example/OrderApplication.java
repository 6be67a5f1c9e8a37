package example;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

@SpringBootApplication
public class OrderApplication {
    public static void main(String[] args) {
        SpringApplication.run(OrderApplication.class, args);
    }

    /** Collects the orders it receives. */
    @Component
    public static class OrderListener {
        public final List<String> received = new CopyOnWriteArrayList<>();

        @KafkaListener(topics = "orders", groupId = "order-app")
        void onOrder(String order) {
            received.add(order);
        }
    }
}
