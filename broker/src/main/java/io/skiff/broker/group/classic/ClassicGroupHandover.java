package io.skiff.broker.group.classic;

/**
 * The classic protocol's side of a live group's conversion, implemented by {@link MembershipManager}: it
 * releases a classic group that an upgrade replaces (its timers stop, parked JoinGroup and SyncGroup responses
 * get REBALANCE_IN_PROGRESS so those members rejoin the consumer group), and takes over a classic group that a
 * downgrade registered (its members' sessions start, and a rebalance begins unless the group stays Stable).
 * Thread-safe.
 */
public interface ClassicGroupHandover {
    /** Call under the classic group's lock. */
    void release(ClassicGroup group);

    /** Takes over a downgraded group and rebalances it (a member left, or a subscription changed). */
    void adopt(ClassicGroup group, String reason);

    /** Takes over a downgraded group that stays Stable: its members go on with their assignments. */
    void adoptStable(ClassicGroup group);
}
