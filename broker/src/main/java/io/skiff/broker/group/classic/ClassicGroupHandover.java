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
