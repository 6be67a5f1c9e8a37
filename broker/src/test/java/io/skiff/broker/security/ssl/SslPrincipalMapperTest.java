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
package io.skiff.broker.security.ssl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class SslPrincipalMapperTest {
    @Test
    void defaultKeepsTheDistinguishedName() {
        assertEquals("CN=alice,O=Example", SslPrincipalMapper.of("DEFAULT").name("CN=alice,O=Example"));
        assertEquals("CN=alice,O=Example", SslPrincipalMapper.of(null).name("CN=alice,O=Example"));
    }

    @Test
    void rulesApplyInOrderWithCaseChanges() {
        SslPrincipalMapper mapper =
                SslPrincipalMapper.of("RULE:^CN=(.*?),OU=ServiceUsers.*$/$1/,RULE:^CN=(.*?),O=(.*?)$/$1@$2/L, DEFAULT");
        assertEquals("kafka-app", mapper.name("CN=kafka-app,OU=ServiceUsers,O=Example"));
        assertEquals("alice@example", mapper.name("CN=Alice,O=Example"));
        assertEquals("OU=x", mapper.name("OU=x"));
        assertEquals("BOB", SslPrincipalMapper.of("RULE:^CN=(.*)$/$1/U").name("CN=bob"));
        assertNull(SslPrincipalMapper.of("RULE:^CN=(.*)$/$1/").name("OU=nobody"), "no rule applies");
    }

    @Test
    void malformedRulesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> SslPrincipalMapper.of("RULE:^CN=(.*)$/$1"));
        assertThrows(IllegalArgumentException.class, () -> SslPrincipalMapper.of("SOMETHING"));
    }
}
