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
package io.skiff.broker.coordinator;

/**
 * One timer of a group member (its session, a revocation, a classic join or sync): a new timer cancels the one it
 * replaces, so a member never has two of a kind running.
 *
 * <p>Not thread-safe: used under the group's lock.
 */
public final class TimerSlot {
    private CoordinatorScheduler.Cancellable timer;

    /** Cancels the running timer, if any, and keeps {@code next} (null: none). */
    public void set(CoordinatorScheduler.Cancellable next) {
        cancel();
        timer = next;
    }

    /** Cancels the running timer, if any. */
    public void cancel() {
        if (timer != null) {
            timer.cancel();
            timer = null;
        }
    }

    public boolean isSet() {
        return timer != null;
    }
}
