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

import java.util.List;
import org.apache.kafka.common.message.ProduceRequestData;
import org.apache.kafka.common.message.ProduceResponseData;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.requests.ProduceResponse;

/** Produce requests built by hand for tests that send them over a raw connection, one partition at a time. */
public final class RawProduce {
    private RawProduce() {}

    /** acks=all, 30 s timeout: {@code records} for partition 0 of {@code topic}, named (Produce before v13). */
    public static ProduceRequestData toPartitionZero(String topic, MemoryRecords records) {
        ProduceRequestData.TopicProduceData data = new ProduceRequestData.TopicProduceData().setName(topic);
        data.partitionData()
                .add(new ProduceRequestData.PartitionProduceData().setIndex(0).setRecords(records));
        return new ProduceRequestData()
                .setAcks((short) -1)
                .setTimeoutMs(30_000)
                .setTopicData(new ProduceRequestData.TopicProduceDataCollection(
                        List.of(data).iterator()));
    }

    /** The answer for the one partition of a one-partition request. */
    public static ProduceResponseData.PartitionProduceResponse onlyPartition(ProduceResponse response) {
        return response.data()
                .responses()
                .iterator()
                .next()
                .partitionResponses()
                .get(0);
    }
}
