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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConnectionLimitsTest {
    private static final InetAddress A = InetAddress.getLoopbackAddress();
    private static final InetAddress B;

    static {
        try {
            B = InetAddress.getByAddress(new byte[] {10, 0, 0, 2});
        } catch (java.net.UnknownHostException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @Test
    void perAddressAndTotalLimitsAreCountedApart() {
        ConnectionLimits limits = new ConnectionLimits(3, 2);
        assertEquals(ConnectionLimits.Admission.ADMITTED, limits.tryOpen(A));
        assertEquals(ConnectionLimits.Admission.ADMITTED, limits.tryOpen(A));
        assertEquals(ConnectionLimits.Admission.TOO_MANY_FROM_ADDRESS, limits.tryOpen(A));
        assertEquals(ConnectionLimits.Admission.ADMITTED, limits.tryOpen(B));
        assertTrue(limits.full());
        assertEquals(ConnectionLimits.Admission.TOO_MANY_CONNECTIONS, limits.tryOpen(B));
        limits.closed(A);
        assertFalse(limits.full());
        assertEquals(ConnectionLimits.Admission.ADMITTED, limits.tryOpen(B));
        assertEquals(3, limits.open());
    }

    @Test
    void zeroMeansNoLimitAndClosingAnUnknownConnectionIsABug() {
        ConnectionLimits limits = new ConnectionLimits(0, 0);
        for (int i = 0; i < 1000; i++) {
            assertEquals(ConnectionLimits.Admission.ADMITTED, limits.tryOpen(A));
        }
        assertThrows(IllegalStateException.class, () -> limits.closed(B));
    }

    @Test
    void memoryPoolIsNotStrictAndWakesWaitersOnRelease() {
        RequestMemoryPool pool = new RequestMemoryPool(100);
        assertTrue(pool.tryReserve(60));
        assertTrue(pool.tryReserve(60), "over the bound while any byte was free, as Kafka's pool");
        assertFalse(pool.tryReserve(1));
        List<String> woken = new ArrayList<>();
        pool.whenAvailable(() -> woken.add("first"));
        pool.whenAvailable(() -> woken.add("second"));
        pool.release(10);
        assertEquals(List.of(), woken, "still 110 of 100 used");
        pool.release(60);
        assertEquals(List.of("first", "second"), woken);
        assertEquals(50, pool.used());
        assertThrows(IllegalStateException.class, () -> pool.release(51));
    }
}
