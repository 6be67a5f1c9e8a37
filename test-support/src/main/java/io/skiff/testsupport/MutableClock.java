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
package io.skiff.testsupport;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A test clock that moves when told to: from a fixed start, or ahead of another clock (the system's, so that
 * timeouts and waits keep running while the test jumps over hours). Thread-safe.
 */
public final class MutableClock extends Clock {
    private final Clock base;
    private final AtomicLong advanced = new AtomicLong();

    /** A clock standing at {@code startMillis} until advanced. */
    public MutableClock(long startMillis) {
        this(Clock.fixed(Instant.ofEpochMilli(startMillis), ZoneOffset.UTC));
    }

    /** {@code base}'s time plus what the test advanced this clock by. */
    public MutableClock(Clock base) {
        this.base = base;
    }

    /** Moves the clock {@code ms} forward (backward if negative). */
    public void advance(long ms) {
        advanced.addAndGet(ms);
    }

    @Override
    public long millis() {
        return base.millis() + advanced.get();
    }

    @Override
    public Instant instant() {
        return Instant.ofEpochMilli(millis());
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }
}
