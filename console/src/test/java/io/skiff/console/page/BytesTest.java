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
package io.skiff.console.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class BytesTest {
    @Test
    void textShowsBytesThatAreNotUtf8AndControlCharactersAsEscapes() {
        byte[] mixed = {'a', (byte) 0xff, 'b', (byte) 0xc3, (byte) 0xa9, 0x00, '\n', (byte) 0xe2, (byte) 0x82};
        assertEquals("a\\xFFbé\\u0000\n\\xE2\\x82", Bytes.text(mixed));
        assertFalse(Bytes.isUtf8(mixed));
        assertTrue(Bytes.isUtf8("é".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void jsonIsPrettyWhenItParsesAndTextOtherwise() {
        assertEquals("{\n  \"a\": [\n    1\n  ]\n}", Bytes.JSON.render("{\"a\":[1]}".getBytes(StandardCharsets.UTF_8)));
        assertEquals("not {json", Bytes.JSON.render("not {json".getBytes(StandardCharsets.UTF_8)));
        assertEquals("null", Bytes.JSON.render(null));
    }

    @Test
    void hexBreaksALineEverySixteenBytes() {
        byte[] bytes = new byte[17];
        bytes[16] = (byte) 0xab;
        assertEquals("00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00\nab", Bytes.hex(bytes));
    }

    @Test
    void escapingCoversTextAndAttributes() {
        assertEquals("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;", Html.esc("<a href=\"x\" title='y'>&"));
    }
}
