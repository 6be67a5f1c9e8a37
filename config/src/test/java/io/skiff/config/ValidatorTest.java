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
package io.skiff.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ValidatorTest {

    @Test
    void numericRanges() {
        Validator atLeast = Validator.atLeast(1);
        assertTrue(atLeast.accepts(1L));
        assertFalse(atLeast.accepts(0));
        assertEquals("at least 1", atLeast.allowed());

        Validator between = Validator.between(0, 10);
        assertTrue(between.accepts(0) && between.accepts(10L));
        assertFalse(between.accepts(-1) || between.accepts(11));
        assertEquals("between 0 and 10", between.allowed());

        Validator betweenDouble = Validator.betweenDouble(0.0, 1.0);
        assertTrue(betweenDouble.accepts(0.5));
        assertFalse(betweenDouble.accepts(1.01));
        assertEquals("between 0.0 and 1.0", betweenDouble.allowed());

        Validator betweenOr = Validator.betweenOr(1, 5, -1);
        assertTrue(betweenOr.accepts(-1L) && betweenOr.accepts(5));
        assertFalse(betweenOr.accepts(0) || betweenOr.accepts(6));
        assertEquals("between 1 and 5, or -1", betweenOr.allowed());
    }

    @Test
    void stringsAndLists() {
        Validator oneOf = Validator.oneOf("delete", "compact");
        assertTrue(oneOf.accepts("compact"));
        assertFalse(oneOf.accepts("Compact"));
        assertEquals("one of delete, compact", oneOf.allowed());

        Validator anyCase = Validator.oneOfIgnoreCase("CreateTime", "LogAppendTime");
        assertTrue(anyCase.accepts("createtime"));
        assertFalse(anyCase.accepts("now"));
        assertEquals("one of CreateTime, LogAppendTime (any case)", anyCase.allowed());

        Validator listOf = Validator.nonEmptyListOf("delete", "compact");
        assertTrue(listOf.accepts(List.of("delete", "compact")));
        assertFalse(listOf.accepts(List.of()) || listOf.accepts(List.of("delete", "x")));

        Validator list = Validator.nonEmptyList();
        assertTrue(list.accepts(List.of("a")));
        assertFalse(list.accepts(List.of()) || list.accepts(List.of("a", " ")));

        Validator nonBlank = Validator.nonBlank();
        assertTrue(nonBlank.accepts("x"));
        assertFalse(nonBlank.accepts("  "));

        Validator described = Validator.described("listener URIs");
        assertTrue(described.accepts("anything"));
        assertEquals("listener URIs", described.allowed());
    }
}
