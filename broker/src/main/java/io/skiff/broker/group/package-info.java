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
