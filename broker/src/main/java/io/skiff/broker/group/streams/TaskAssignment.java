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
