package io.skiff.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.IOException;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.requests.ApiVersionsRequest;
import org.apache.kafka.common.requests.ApiVersionsResponse;
import org.junit.jupiter.api.Test;

/** The shared real Kafka starts, is Kafka 4.1 (its Fetch range), and is the same instance for every caller. */
class RealKafkaTest {
    @Test
    void startsOnceAndAnswersAsKafka41() throws IOException {
        RealKafka kafka = RealKafka.shared();
        assertSame(kafka, RealKafka.shared());
        try (RawKafkaConnection connection = new RawKafkaConnection(kafka.host(), kafka.port())) {
            ApiVersionsResponse response = connection.send(new ApiVersionsRequest.Builder().build((short) 3));
            assertEquals(Errors.NONE.code(), response.data().errorCode());
            var fetch = response.data().apiKeys().find(ApiKeys.FETCH.id);
            assertEquals(4, fetch.minVersion(), "Kafka 4 dropped Fetch v0-3");
            assertEquals(18, fetch.maxVersion(), "Kafka 4.1 speaks Fetch up to v18");
        }
    }
}
