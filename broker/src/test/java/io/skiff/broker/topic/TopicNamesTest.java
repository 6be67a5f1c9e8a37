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
package io.skiff.broker.topic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TopicNamesTest {
    @Test
    void acceptsKafkasLegalCharacters() {
        assertTrue(TopicNames.isValid("orders.v1_eu-west"));
        assertTrue(TopicNames.isValid("a".repeat(249)));
    }

    @Test
    void rejectsWhatKafkaRejectsWithItsMessages() {
        assertEquals(
                "Topic name is invalid: the empty string is not allowed",
                assertThrows(InvalidTopicException.class, () -> TopicNames.validate(""))
                        .getMessage());
        assertEquals(
                "Topic name is invalid: '.' is not allowed",
                assertThrows(InvalidTopicException.class, () -> TopicNames.validate("."))
                        .getMessage());
        assertEquals(
                "Topic name is invalid: '..' is not allowed",
                assertThrows(InvalidTopicException.class, () -> TopicNames.validate(".."))
                        .getMessage());
        assertTrue(assertThrows(InvalidTopicException.class, () -> TopicNames.validate("a".repeat(250)))
                .getMessage()
                .contains("longer than the max allowed length 249"));
        assertEquals(
                "Topic name is invalid: 'a b' contains one or more characters other than ASCII alphanumerics,"
                        + " '.', '_' and '-'",
                assertThrows(InvalidTopicException.class, () -> TopicNames.validate("a b"))
                        .getMessage());
        assertFalse(TopicNames.isValid("ü"));
    }

    @Test
    void dotAndUnderscoreCollide() {
        assertEquals(TopicNames.collisionKey("a.b_c"), TopicNames.collisionKey("a_b.c"));
        assertTrue(TopicNames.isInternal("__consumer_offsets"));
        assertFalse(TopicNames.isInternal("consumer_offsets"));
    }
}
