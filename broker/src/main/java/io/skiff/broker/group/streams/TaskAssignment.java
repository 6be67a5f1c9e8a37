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

/**
 * A member's active, standby and warm-up tasks (Kafka's TasksTuple). Immutable, thread-safe.
 */
public record TaskAssignment(Tasks active, Tasks standby, Tasks warmup) {
    public static final TaskAssignment EMPTY = new TaskAssignment(Tasks.EMPTY, Tasks.EMPTY, Tasks.EMPTY);

    public boolean isEmpty() {
        return active.isEmpty() && standby.isEmpty() && warmup.isEmpty();
    }

    /** The tasks of this assignment that {@code other} does not have, kind by kind. */
    public TaskAssignment minus(TaskAssignment other) {
        return new TaskAssignment(active.minus(other.active), standby.minus(other.standby), warmup.minus(other.warmup));
    }

    public TaskAssignment intersect(TaskAssignment other) {
        return new TaskAssignment(
                active.intersect(other.active), standby.intersect(other.standby), warmup.intersect(other.warmup));
    }

    public TaskAssignment plus(TaskAssignment other) {
        return new TaskAssignment(active.plus(other.active), standby.plus(other.standby), warmup.plus(other.warmup));
    }
}
