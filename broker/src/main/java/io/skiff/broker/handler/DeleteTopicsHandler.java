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

import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.topic.Topic;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.protocol.Errors;
import io.skiff.protocol.Uuids;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.DeleteTopicsRequest;
import io.skiff.protocol.message.DeleteTopicsResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * DeleteTopics (key 20), v1–6.
 *
 * <p>Behaviour, as Kafka's: v1–5 delete by name ({@code topic_names}); v6 by name or by id ({@code topics}; giving
 * both is INVALID_REQUEST). An unknown name answers UNKNOWN_TOPIC_OR_PARTITION, an unknown id UNKNOWN_TOPIC_ID.
 * With {@code delete.topic.enable=false} every topic answers TOPIC_DELETION_DISABLED. The files are removed before
 * the answer is sent; fetches waiting on the topic's partitions are released. Deletion does disk work, so it runs
 * on the blocking executor.
 *
 * <p>Thread-safe (stateless apart from the registry).
 */
public final class DeleteTopicsHandler extends BlockingApiHandler<DeleteTopicsRequest, DeleteTopicsResponse> {
    private final TopicRegistry topics;
    private final boolean deletionEnabled;
    private final Consumer<String> onDeleted;

    public DeleteTopicsHandler(TopicRegistry topics, boolean deletionEnabled) {
        this(topics, deletionEnabled, name -> {});
    }

    /** {@code onDeleted}: told the name of each deleted topic (the group coordinator drops its offsets). */
    public DeleteTopicsHandler(TopicRegistry topics, boolean deletionEnabled, Consumer<String> onDeleted) {
        super(ApiKeys.DELETE_TOPICS, 1, 6);
        this.topics = topics;
        this.deletionEnabled = deletionEnabled;
        this.onDeleted = onDeleted;
    }

    @Override
    protected DeleteTopicsResponse respond(RequestContext ctx, DeleteTopicsRequest request) {
        DeleteTopicsResponse response = new DeleteTopicsResponse();
        for (DeleteTopicsRequest.DeleteTopicState t : targets(ctx.apiVersion(), request)) {
            String name = t.name() != null
                    ? t.name()
                    : topics.topic(t.topicId()).map(Topic::name).orElse(null);
            // an unknown id is answered by delete; a refused topic is not deleted
            Errors refused = name == null ? null : ctx.topicRefusal(name, AclOperation.DELETE);
            response.responses()
                    .add(
                            refused != null
                                    ? result(t.name(), t.topicId(), refused, null)
                                    : delete(t.name(), t.topicId()));
        }
        return response;
    }

    private static List<DeleteTopicsRequest.DeleteTopicState> targets(short version, DeleteTopicsRequest request) {
        if (version >= 6) {
            return request.topics();
        }
        List<DeleteTopicsRequest.DeleteTopicState> byName = new ArrayList<>();
        for (String name : request.topicNames()) {
            byName.add(new DeleteTopicsRequest.DeleteTopicState().setName(name).setTopicId(Uuids.ZERO));
        }
        return byName;
    }

    private DeleteTopicsResponse.DeletableTopicResult delete(String name, UUID id) {
        boolean byId = !Uuids.ZERO.equals(id);
        if (name != null && byId) {
            return result(name, id, Errors.INVALID_REQUEST, "You may not specify both topic name and topic id.");
        }
        if (!deletionEnabled) {
            return result(name, id, Errors.TOPIC_DELETION_DISABLED, "Topic deletion is disabled.");
        }
        Optional<Topic> topic = byId ? topics.topic(id) : topics.topic(name);
        if (topic.isEmpty()) {
            return byId
                    ? result(null, id, Errors.UNKNOWN_TOPIC_ID, "This server does not host this topic ID.")
                    : result(
                            name,
                            id,
                            Errors.UNKNOWN_TOPIC_OR_PARTITION,
                            "This server does not host this topic-partition.");
        }
        Topic t = topic.get();
        try {
            topics.deleteTopic(t.name());
            onDeleted.accept(t.name());
            return result(t.name(), t.id(), Errors.NONE, null);
        } catch (RuntimeException e) {
            Errors error = DataErrors.of(e);
            return result(t.name(), t.id(), error, e.getMessage());
        }
    }

    private static DeleteTopicsResponse.DeletableTopicResult result(
            String name, UUID id, Errors error, String message) {
        return new DeleteTopicsResponse.DeletableTopicResult()
                .setName(name)
                .setTopicId(id)
                .setErrorCode(error.code())
                .setErrorMessage(message);
    }

    @Override
    public boolean answersInjectedErrors() {
        return true;
    }

    @Override
    public DeleteTopicsResponse errorResponse(RequestContext ctx, DeleteTopicsRequest request, Errors error) {
        DeleteTopicsResponse response = new DeleteTopicsResponse();
        for (DeleteTopicsRequest.DeleteTopicState t : targets(ctx.apiVersion(), request)) {
            response.responses().add(result(t.name(), t.topicId(), error, null));
        }
        return response;
    }
}
