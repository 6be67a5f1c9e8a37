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
package io.skiff.broker.handler;

import io.skiff.broker.share.AcknowledgeType;
import io.skiff.broker.share.AcknowledgementBatch;
import io.skiff.broker.share.SharePartitionManager;
import io.skiff.broker.share.TopicIdPartition;
import io.skiff.broker.topic.Topic;
import io.skiff.protocol.Errors;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The acknowledgement batches of ShareFetch and ShareAcknowledge, from wire to domain, and their application to one
 * share-partition with the error Kafka answers: INVALID_REQUEST for a malformed batch (an unknown type, a type count
 * that is neither 1 nor the batch's length, overlapping or descending batches), UNKNOWN_TOPIC_ID /
 * UNKNOWN_TOPIC_OR_PARTITION for a partition that does not exist, INVALID_RECORD_STATE for records the member does not
 * hold. Stateless.
 */
final class ShareAcks {
    private ShareAcks() {}

    /** A batch as the wire carries it. */
    record WireBatch(long firstOffset, long lastOffset, List<Byte> types) {}

    /** The domain batches, or null when one is malformed. */
    static List<AcknowledgementBatch> parse(List<WireBatch> wire) {
        List<AcknowledgementBatch> out = new ArrayList<>(wire.size());
        long previousLast = -1;
        for (WireBatch w : wire) {
            List<AcknowledgeType> types = new ArrayList<>(w.types().size());
            for (byte code : w.types()) {
                AcknowledgeType t = AcknowledgeType.fromCode(code);
                if (t == null) {
                    return null;
                }
                types.add(t);
            }
            AcknowledgementBatch b = new AcknowledgementBatch(w.firstOffset(), w.lastOffset(), types);
            if (!b.isValid() || b.firstOffset() <= previousLast) {
                return null;
            }
            previousLast = b.lastOffset();
            out.add(b);
        }
        return out;
    }

    /** Applies {@code wire} of {@code memberId} to the partition; the partition's acknowledgement error. */
    static Errors apply(
            SharePartitionManager shares, String groupId, String memberId, TopicIdPartition tp, List<WireBatch> wire) {
        List<AcknowledgementBatch> batches = parse(wire);
        if (batches == null) {
            return Errors.INVALID_REQUEST;
        }
        Optional<Topic> topic = shares.topic(tp.topicId());
        if (topic.isEmpty()) {
            return Errors.UNKNOWN_TOPIC_ID;
        }
        if (!topic.get().hasPartition(tp.partition())) {
            return Errors.UNKNOWN_TOPIC_OR_PARTITION;
        }
        return shares.acknowledge(groupId, memberId, tp, topic.get().partition(tp.partition()), batches)
                ? Errors.NONE
                : Errors.INVALID_RECORD_STATE;
    }
}
