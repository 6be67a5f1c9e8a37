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
package io.skiff.broker.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.event.Level;

class ThrottledLoggerTest {
    private final List<String> calls = new ArrayList<>();
    private final AtomicLong now = new AtomicLong();

    @Test
    void logsAtItsLevelThroughTheSlf4j17MethodsAndCountsWhatItSuppressed() {
        ThrottledLogger throttled = new ThrottledLogger(logger(null), Level.WARN, 10, now::get);
        throttled.log("first {}", 1);
        throttled.log("second {}", 2);
        throttled.log("third {}", 3);
        now.set(10);
        throttled.log("fourth {}", 4);
        assertEquals(List.of("warn first {}", "warn fourth {} (2 similar messages suppressed)"), calls);
    }

    @Test
    void aLoggerThatThrowsDoesNotReachTheCaller() {
        new ThrottledLogger(logger(new NoSuchMethodError("a binding for another SLF4J")), Level.INFO, 10, now::get)
                .log("x");
        new ThrottledLogger(logger(new IllegalStateException("appender failed")), Level.WARN, 10, now::get).log("y");
        assertEquals(List.of("info x", "warn y"), calls);
    }

    /** A Logger that records "method format" of each call, then throws {@code failure} if not null. */
    private Logger logger(Throwable failure) {
        return (Logger)
                Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Logger.class}, (p, m, a) -> {
                    if (m.getName().equals("getName")) {
                        return "test";
                    }
                    if (m.getReturnType() == boolean.class) {
                        return true;
                    }
                    calls.add(m.getName() + " " + a[0]);
                    if (failure != null) {
                        throw failure;
                    }
                    return null;
                });
    }
}
