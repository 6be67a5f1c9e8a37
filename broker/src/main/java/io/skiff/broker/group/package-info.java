/**
 * The group coordinator: {@code GroupCoordinator} is what the handlers call; it owns the groups of every kind
 * ({@code common.GroupRegistry}), replays {@code __consumer_offsets} at start-up ({@code GroupReplay}) and hands
 * each request to the part that owns it.
 *
 * <p>Parts, each a package, with dependencies in one direction (top to bottom):
 * <ul>
 *   <li>{@code offsets}: committed offsets of every kind of group, OffsetCommit/OffsetFetch/OffsetDelete, offsets
 *       sent to transactions, expiry;
 *   <li>{@code consumer}: KIP-848 consumer groups (ConsumerGroupHeartbeat, server-side assignment), their classic
 *       members and the conversions between the two kinds;
 *   <li>{@code classic}: classic groups (JoinGroup, SyncGroup, Heartbeat, LeaveGroup, the rebalance timers);
 *   <li>{@code common}: what every kind shares: the {@code Group} interface, the registry, the records and their
 *       codec, the coordinator's configuration;
 *   <li>{@code share}, {@code streams}: the places KIP-932 share groups and KIP-1071 streams groups take; each
 *       depends on {@code common} only, like the kinds above.
 * </ul>
 * {@code record} holds the generated record classes of {@code __consumer_offsets}, {@code assignor} the
 * server-side assignors.
 */
package io.skiff.broker.group;
