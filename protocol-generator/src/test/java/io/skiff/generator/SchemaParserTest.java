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
package io.skiff.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SchemaParserTest {
    private static final String HEADER = "request Foo\napiKey 7\nversions 0-5\nflexible 3+\n\n";

    private final SchemaParser parser = new SchemaParser();

    private MessageSpec parse(String body) {
        return parser.parse("FooRequest.schema", HEADER + body);
    }

    private String error(String body) {
        return assertThrows(SchemaException.class, () -> parse(body)).getMessage();
    }

    @Test
    void parsesTheSampleSchema() throws Exception {
        MessageSpec m = parser.parse(Path.of("src/test/resources/schemas/SampleRequest.schema"));
        assertEquals("SampleRequest", m.className());
        assertEquals(1000, m.apiKey());
        assertEquals(Versions.parse("0-3"), m.versions());
        assertEquals(2, m.flexibleVersions().lowest());
        FieldSpec name = m.fields().get(0);
        assertEquals("name", name.name());
        assertEquals(Versions.parse("1-3"), name.nullableVersions());
        assertEquals(Versions.parse("1-3"), name.versions());
        assertTrue(name.defaultIsNull());
        assertEquals("-1", m.fields().get(1).defaultValue());
        FieldSpec ratio = m.fields().get(2);
        assertTrue(ratio.ignorable());
        assertEquals(Versions.parse("1-3"), ratio.versions());
        FieldSpec topics = m.fields().get(3);
        assertEquals("Topic", topics.type().structName());
        assertEquals(3, topics.struct().fields().size());
        FieldSpec leader = topics.struct().fields().get(2);
        assertEquals(0, leader.tag());
        assertEquals(Versions.parse("2-3"), leader.versions(), "a tagged field without v= exists where it is tagged");
        assertEquals("LeaderAndEpoch", leader.struct().name());
        assertEquals(2, leader.struct().fields().size());
        assertEquals("a b # c", m.fields().get(5).defaultValue());
        assertEquals(Versions.parse("3"), m.fields().get(5).versions());
        assertEquals(2, m.structs().size());
    }

    @Test
    void fieldWithVersionsAndTaggedVersionsIsRegularBeforeTagging() {
        FieldSpec f = parse("x int32 v=1+ tag=0 tagged=3+\n").fields().get(0);
        assertTrue(f.untaggedIn(1));
        assertTrue(f.untaggedIn(2));
        assertFalse(f.untaggedIn(3));
        assertTrue(f.taggedIn(5));
        assertFalse(f.untaggedIn(0) || f.taggedIn(0));
    }

    @Test
    void nestedFieldRangesAreClampedToTheirParent() {
        FieldSpec inner = parse("outer []Outer v=2+\n  inner int32\n")
                .fields()
                .get(0)
                .struct()
                .fields()
                .get(0);
        assertEquals(Versions.parse("2-5"), inner.versions());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "x int33                         | 6: unknown type 'int33'",
                "x []bytes                       | 6: unsupported array element type 'bytes'",
                "x int32 v=4-2                   | 6: bad range '4-2': upper bound below lower bound",
                "x int32 v=abc                   | 6: bad range 'abc'",
                "x int32 v=7+                    | 6: field versions 7+ are outside the message's versions 0-5",
                "x int32 v=0-9                   | 6: field versions 0-9 go beyond the message's highest version 5",
                "x int32 tag=1                   | 6: tag= without tagged=<range>",
                "x int32 tagged=3+               | 6: tagged= without tag=<n>",
                "x int32 tag=0 tagged=1+         | 6: tagged=1+ includes versions that are not flexible (flexible 3+)",
                "x int32 tag=-1 tagged=3+        | 6: bad tag '-1'",
                "x int32 nullable=0+             | 6: type int32 cannot be nullable",
                "x int8 default=300              | 6: default 300 does not fit in int8",
                "x bool default=yes              | 6: bad bool default 'yes'",
                "x string default=null           | 6: default=null but the field is never nullable",
                "x string nullable=2+ default=null | 6: default=null needs nullable= to cover all the field's versions 0-5",
                "x int32 mapKey                  | 6: attribute 'mapKey' is not part of the schema format",
                "x int32 colour=red              | 6: unknown attribute 'colour'",
                "x int32 v=1+ v=2+               | 6: attribute 'v' given twice",
                "x []Missing                     | 6: unknown struct Missing",
                "X int32                         | 6: field name 'X' must be lowerCamelCase",
                "class int32                     | 6: field name 'class' is reserved",
                "x records tag=0 tagged=3+       | 6: a records field cannot be tagged",
                "x string default=\"unterminated | 6: unterminated quoted value",
            })
    void reportsMistakesWithFileAndLine(String line, String expected) {
        String message = error(line + "\n");
        assertTrue(message.startsWith("FooRequest.schema:"), message);
        assertTrue(message.contains("FooRequest.schema:" + expected), "got: " + message);
    }

    @Test
    void duplicateTagIsAnError() {
        assertEquals(
                "FooRequest.schema:7: duplicate tag 0 in FooRequest (also used by 'a')",
                error("a int32 tag=0 tagged=3+\nb int32 tag=0 tagged=3+\n"));
    }

    @Test
    void duplicateFieldIsAnError() {
        assertTrue(error("a int32\na int64\n").contains(":7: duplicate field name 'a'"));
    }

    @Test
    void badIndentationIsAnError() {
        assertTrue(error("a []A\n   b int32\n").contains(":7: bad indentation: 3 spaces"));
        assertTrue(error("a []A\n    b int32\n").contains(":7: bad indentation: 4 spaces, expected 2"));
        assertTrue(error("a int32\n  b int32\n").contains(":7: field 'a' of type int32 cannot have nested fields"));
        assertTrue(error("a []A\n\tb int32\n").contains(":7: bad indentation: tab"));
    }

    @Test
    void nestedFieldOutsideItsParentIsAnError() {
        assertTrue(error("a []A v=0-1\n  b int32 v=3+\n").contains(":7: field versions 3+ never overlap"));
    }

    @Test
    void headerMistakes() {
        assertTrue(assertThrows(SchemaException.class, () -> parser.parse("FooRequest.schema", "apiKey 1\n"))
                .getMessage()
                .contains(":1: first line must be"));
        assertTrue(assertThrows(SchemaException.class, () -> parser.parse("BarRequest.schema", HEADER))
                .getMessage()
                .contains("file must be named FooRequest.schema"));
        assertTrue(assertThrows(
                        SchemaException.class,
                        () -> parser.parse("FooRequest.schema", "request Foo\nversions 0-1\nflexible none\nx int32\n"))
                .getMessage()
                .contains(":4: missing 'apiKey <n>'"));
        assertTrue(assertThrows(
                        SchemaException.class,
                        () -> parser.parse("FooRequest.schema", "request Foo\napiKey 1\nversions 0+\nflexible none\n"))
                .getMessage()
                .contains(":3: message versions must be a closed range"));
        assertTrue(assertThrows(
                        SchemaException.class,
                        () -> parser.parse("FooRequest.schema", "request Foo\napiKey 1\nversions 0-2\nflexible 1-2\n"))
                .getMessage()
                .contains(":4: flexible must be 'N+' or 'none'"));
    }

    @Test
    void commonStructMistakes() {
        assertTrue(error("a int32\nstruct S\n  b int32\n").contains(":7: common struct S is never used"));
        assertTrue(
                error("a S\nstruct S\n  b int32\nc int32\n").contains(":9: field at column 0 after a common struct"));
        assertTrue(error("a S\n  x int32\nstruct S\n  b int32\n").contains(":6: struct S is defined both inline"));
    }

    @Test
    void hexDefaultsAreAccepted() {
        FieldSpec f = parse("x int32 default=0x7fffffff\n").fields().get(0);
        assertEquals("2147483647", JavaTypes.defaultExpr(f));
        assertNull(parse("x records nullable=0+\n").fields().get(0).defaultValue());
    }

    @Test
    void versionConditionsAreSimplified() {
        Versions all = Versions.parse("0-5");
        assertEquals("true", Versions.parse("0+").condition("v", all));
        assertEquals("v >= 3", Versions.parse("3+").condition("v", all));
        assertEquals("v <= 2", Versions.parse("0-2").condition("v", all));
        assertEquals("(v >= 1 && v <= 2)", Versions.parse("1-2").condition("v", all));
        assertEquals("v == 4", Versions.parse("4").condition("v", all));
        assertEquals("false", Versions.NONE.condition("v", all));
    }
}
