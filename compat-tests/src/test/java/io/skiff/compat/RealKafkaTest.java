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
