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
package io.skiff.compat.differential;

import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.CreateTopicsResponse;
import io.skiff.protocol.message.MetadataRequest;
import io.skiff.protocol.message.MetadataResponse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * One broker's topic ids, learned from its Metadata answer for all topics and asked again when an id or a name is
 * not known yet (a topic created since).
 *
 * <p>Not thread-safe.
 */
final class TopicIds {
    private final WireConnection connection;
    private final Map<String, String> nameById = new HashMap<>();
    private final Map<String, UUID> idByName = new HashMap<>();

    TopicIds(WireConnection connection) {
        this.connection = connection;
    }

    /**
     * The name of the topic with this id, or null when the broker has no such topic. An unknown id is asked again
     * each time: Kafka answers a CreateTopics request with the new id before its metadata lists the topic.
     */
    String name(String id) {
        if (!nameById.containsKey(id)) {
            refresh();
        }
        return nameById.get(id);
    }

    /** The id of the topic with this name; a fixed unknown id when the broker has no such topic. */
    UUID id(String name) {
        if (!idByName.containsKey(name)) {
            refresh();
        }
        return idByName.getOrDefault(name, HandWrittenCorpus.UNKNOWN_ID);
    }

    /**
     * Learns the ids a CreateTopics answer gives: Kafka answers with the new id before its metadata lists the topic,
     * so asking Metadata right after would not find it.
     */
    void learn(Object answer) {
        if (answer instanceof CreateTopicsResponse created) {
            for (CreateTopicsResponse.CreatableTopicResult t : created.topics()) {
                if (t.errorCode() == 0 && t.topicId() != null && !t.topicId().equals(new UUID(0, 0))) {
                    nameById.put(t.topicId().toString(), t.name());
                    idByName.put(t.name(), t.topicId());
                }
            }
        }
    }

    private void refresh() {
        try {
            MetadataResponse all = (MetadataResponse) connection
                    .send(ApiKeys.METADATA, (short) 12, new MetadataRequest().setTopics(null))
                    .body();
            for (MetadataResponse.MetadataResponseTopic t : all.topics()) {
                nameById.put(t.topicId().toString(), t.name());
                idByName.put(t.name(), t.topicId());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
