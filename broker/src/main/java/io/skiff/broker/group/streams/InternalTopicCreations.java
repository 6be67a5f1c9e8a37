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
package io.skiff.broker.group.streams;

import io.skiff.broker.coordinator.CoordinatorScheduler;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates the missing internal topics of streams groups after the heartbeat that found them has been answered, as
 * Kafka 4.4 does: that member is told MISSING_INTERNAL_TOPICS and gets no tasks; a later heartbeat sees the topics,
 * which changes the group's metadata and so its epoch, and assigns the tasks. A topic already being created is not
 * asked for again; one that cannot be created is logged and asked for again at the next heartbeat.
 */
final class InternalTopicCreations {
    private static final Logger LOG = LoggerFactory.getLogger(InternalTopicCreations.class);

    private final CoordinatorScheduler scheduler;
    private final InternalTopicCreator creator;
    /** Internal topics whose creation is scheduled or running. */
    private final Set<String> creating = ConcurrentHashMap.newKeySet();

    InternalTopicCreations(CoordinatorScheduler scheduler, InternalTopicCreator creator) {
        this.scheduler = scheduler;
        this.creator = creator;
    }

    /** Schedules the creation of those of the topics not being created already; called without the group's lock. */
    void createLater(String groupId, List<StreamsTopology.InternalTopic> missing) {
        List<StreamsTopology.InternalTopic> wanted = new ArrayList<>();
        for (StreamsTopology.InternalTopic t : missing) {
            if (creating.add(t.name())) {
                wanted.add(t);
            }
        }
        if (wanted.isEmpty()) {
            return;
        }
        scheduler.schedule(0, () -> {
            for (StreamsTopology.InternalTopic t : wanted) {
                try {
                    creator.create(t);
                    LOG.info(
                            "Created internal topic {} ({} partitions) of streams group {}",
                            t.name(),
                            t.partitions(),
                            groupId);
                } catch (RuntimeException e) {
                    LOG.warn(
                            "Cannot create internal topic {} of streams group {}: {}",
                            t.name(),
                            groupId,
                            e.getMessage());
                } finally {
                    creating.remove(t.name());
                }
            }
        });
    }
}
