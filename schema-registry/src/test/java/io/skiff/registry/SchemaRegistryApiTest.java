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
package io.skiff.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/** Confluent's REST API over raw HTTP: paths, bodies, error codes, content types (Confluent's docs are the spec). */
class SchemaRegistryApiTest extends RegistryOnBroker {
    static final String USER_V1 =
            "{\"type\":\"record\",\"name\":\"User\",\"fields\":[{\"name\":\"name\",\"type\":\"string\"}]}";
    static final String USER_V2 =
            "{\"type\":\"record\",\"name\":\"User\",\"fields\":[{\"name\":\"name\",\"type\":\"string\"},"
                    + "{\"name\":\"age\",\"type\":\"int\",\"default\":0}]}";
    /** A field without a default: old data cannot be read with it (not BACKWARD compatible). */
    static final String USER_BAD =
            "{\"type\":\"record\",\"name\":\"User\",\"fields\":[{\"name\":\"name\",\"type\":\"string\"},"
                    + "{\"name\":\"email\",\"type\":\"string\"}]}";

    @Test
    void registersListsAndReadsVersionsWithConfluentsContentType() {
        int id = registry.register("users-value", USER_V1, null);
        assertEquals(id, registry.register("users-value", USER_V1, null), "registering again answers the same id");
        int id2 = registry.register("users-value", USER_V2, null);
        assertNotEquals(id, id2);

        assertEquals("[1,2]", registry.get("/subjects/users-value/versions").toString());
        assertEquals("[\"users-value\"]", registry.get("/subjects").toString());
        JsonObject latest =
                registry.get("/subjects/users-value/versions/latest").getAsJsonObject();
        assertEquals("users-value", latest.get("subject").getAsString());
        assertEquals(2, latest.get("version").getAsInt());
        assertEquals(id2, latest.get("id").getAsInt());
        assertFalse(latest.has("schemaType"), "AVRO is the type a version leaves out");
        JsonObject first = registry.get("/subjects/users-value/versions/1").getAsJsonObject();
        assertEquals(USER_V1, first.get("schema").getAsString(), "Avro's compact form");

        HttpResponse<String> raw = registry.send("GET", "/subjects/users-value/versions/1/schema", null);
        assertEquals(USER_V1, raw.body());
        assertEquals(
                RegistryClient.CONTENT_TYPE,
                raw.headers().firstValue("content-type").orElseThrow());

        JsonObject byId = registry.get("/schemas/ids/" + id).getAsJsonObject();
        assertEquals(USER_V1, byId.get("schema").getAsString());
        assertEquals(
                USER_V1,
                registry.send("GET", "/schemas/ids/" + id + "/schema", null).body());
        assertEquals(
                "[\"users-value\"]",
                registry.get("/schemas/ids/" + id + "/subjects").toString());
        assertEquals(
                "[{\"subject\":\"users-value\",\"version\":1}]",
                registry.get("/schemas/ids/" + id + "/versions").toString());
        assertEquals(
                "[\"JSON\",\"PROTOBUF\",\"AVRO\"]",
                registry.get("/schemas/types").toString());
        assertEquals("[\".\"]", registry.get("/contexts").toString());
    }

    @Test
    void theSameSchemaUnderTwoSubjectsHasOneIdAndWhitespaceDoesNotMatter() {
        int id = registry.register("a-value", USER_V1, null);
        String spaced =
                "{ \"type\" : \"record\", \"name\" : \"User\",\n \"fields\" : [ {\"name\":\"name\", \"type\":\"string\"} ] }";
        assertEquals(id, registry.register("b-value", spaced, null));
        assertEquals(
                "[\"a-value\",\"b-value\"]",
                registry.get("/schemas/ids/" + id + "/subjects").toString());

        JsonObject found = registry.ok("POST", "/subjects/b-value", RegistryClient.body(spaced, null))
                .getAsJsonObject();
        assertEquals(id, found.get("id").getAsInt());
        assertEquals(1, found.get("version").getAsInt());
        assertEquals(40403, registry.errorCode(404, "POST", "/subjects/b-value", RegistryClient.body(USER_V2, null)));
        assertEquals(40401, registry.errorCode(404, "POST", "/subjects/none", RegistryClient.body(USER_V2, null)));
    }

    @Test
    void anIncompatibleSchemaIs409WithTheReasonsAndTheCheckEndpointSaysWhy() {
        registry.register("c-value", USER_V1, null);
        HttpResponse<String> refused =
                registry.send("POST", "/subjects/c-value/versions", RegistryClient.body(USER_BAD, null));
        assertEquals(409, refused.statusCode(), refused.body());
        JsonObject error = JsonParser.parseString(refused.body()).getAsJsonObject();
        assertEquals(409, error.get("error_code").getAsInt());
        assertTrue(error.get("message").getAsString().contains("READER_FIELD_MISSING_DEFAULT_VALUE"), refused.body());

        JsonObject check = registry.ok(
                        "POST",
                        "/compatibility/subjects/c-value/versions/latest?verbose=true",
                        RegistryClient.body(USER_BAD, null))
                .getAsJsonObject();
        assertFalse(check.get("is_compatible").getAsBoolean());
        assertFalse(check.getAsJsonArray("messages").isEmpty());
        JsonObject good = registry.ok(
                        "POST", "/compatibility/subjects/c-value/versions/1", RegistryClient.body(USER_V2, null))
                .getAsJsonObject();
        assertEquals("{\"is_compatible\":true}", good.toString());

        registry.ok("PUT", "/config/c-value", "{\"compatibility\":\"NONE\"}");
        assertEquals(
                2,
                registry.ok("POST", "/subjects/c-value/versions", RegistryClient.body(USER_BAD, null))
                        .getAsJsonObject()
                        .get("id")
                        .getAsInt());
    }

    @Test
    void configAndModeAreGlobalAndPerSubject() {
        assertEquals(
                "{\"compatibilityLevel\":\"BACKWARD\"}", registry.get("/config").toString());
        assertEquals(
                "{\"compatibility\":\"FULL\"}",
                registry.ok("PUT", "/config", "{\"compatibility\":\"full\"}").toString());
        assertEquals(
                "{\"compatibilityLevel\":\"FULL\"}", registry.get("/config").toString());
        assertEquals(42203, registry.errorCode(422, "PUT", "/config", "{\"compatibility\":\"SIDEWAYS\"}"));
        assertEquals(40408, registry.errorCode(404, "GET", "/config/d-value", null));
        assertEquals(
                "{\"compatibilityLevel\":\"FULL\"}",
                registry.get("/config/d-value?defaultToGlobal=true").toString());
        registry.ok("PUT", "/config/d-value", "{\"compatibility\":\"FORWARD_TRANSITIVE\"}");
        assertEquals(
                "{\"compatibilityLevel\":\"FORWARD_TRANSITIVE\"}",
                registry.get("/config/d-value").toString());
        assertEquals(
                "{\"compatibilityLevel\":\"FORWARD_TRANSITIVE\"}",
                registry.ok("DELETE", "/config/d-value", null).toString());
        assertEquals(
                "{\"compatibilityLevel\":\"FULL\"}",
                registry.ok("DELETE", "/config", null).toString());
        assertEquals(
                "{\"compatibilityLevel\":\"BACKWARD\"}", registry.get("/config").toString());

        assertEquals("{\"mode\":\"READWRITE\"}", registry.get("/mode").toString());
        registry.ok("PUT", "/mode/e-value", "{\"mode\":\"READONLY\"}");
        assertEquals(
                42205,
                registry.errorCode(422, "POST", "/subjects/e-value/versions", RegistryClient.body(USER_V1, null)));
        assertEquals(
                "{\"mode\":\"READONLY\"}",
                registry.ok("DELETE", "/mode/e-value", null).toString());
        registry.register("e-value", USER_V1, null);
        assertEquals(42204, registry.errorCode(422, "PUT", "/mode", "{\"mode\":\"SOMETIMES\"}"));
        assertEquals(42205, registry.errorCode(422, "PUT", "/mode", "{\"mode\":\"IMPORT\"}"));
        assertEquals(40409, registry.errorCode(404, "GET", "/mode/e-value", null));
    }

    @Test
    void importModeKeepsTheGivenIds() {
        registry.ok("PUT", "/mode", "{\"mode\":\"IMPORT\"}");
        JsonObject body =
                JsonParser.parseString(RegistryClient.body(USER_V1, null)).getAsJsonObject();
        body.addProperty("id", 100);
        body.addProperty("version", 3);
        assertEquals(
                100,
                registry.ok("POST", "/subjects/imported/versions", body.toString())
                        .getAsJsonObject()
                        .get("id")
                        .getAsInt());
        registry.ok("PUT", "/mode", "{\"mode\":\"READWRITE\"}");
        assertEquals(
                3,
                registry.get("/subjects/imported/versions/latest")
                        .getAsJsonObject()
                        .get("version")
                        .getAsInt());
        assertEquals(101, registry.register("other", USER_V2, null), "new ids continue above imported ones");
    }

    @Test
    void softThenPermanentDeletesFollowConfluentsOrder() {
        registry.register("f-value", USER_V1, null);
        registry.register("f-value", USER_V2, null);
        assertEquals(40407, registry.errorCode(404, "DELETE", "/subjects/f-value/versions/1?permanent=true", null));
        assertEquals(
                "1", registry.ok("DELETE", "/subjects/f-value/versions/1", null).toString());
        assertEquals(40406, registry.errorCode(404, "DELETE", "/subjects/f-value/versions/1", null));
        assertEquals("[2]", registry.get("/subjects/f-value/versions").toString());
        assertEquals(
                "[1,2]", registry.get("/subjects/f-value/versions?deleted=true").toString());
        assertEquals(40402, registry.errorCode(404, "GET", "/subjects/f-value/versions/1", null));
        assertEquals(
                1,
                registry.get("/subjects/f-value/versions/1?deleted=true")
                        .getAsJsonObject()
                        .get("version")
                        .getAsInt());
        assertEquals(
                "1",
                registry.ok("DELETE", "/subjects/f-value/versions/1?permanent=true", null)
                        .toString());
        assertEquals(
                "[2]", registry.get("/subjects/f-value/versions?deleted=true").toString());

        assertEquals(40405, registry.errorCode(404, "DELETE", "/subjects/f-value?permanent=true", null));
        assertEquals("[2]", registry.ok("DELETE", "/subjects/f-value", null).toString());
        assertEquals(40404, registry.errorCode(404, "DELETE", "/subjects/f-value", null));
        assertEquals("[]", registry.get("/subjects").toString());
        assertEquals("[\"f-value\"]", registry.get("/subjects?deleted=true").toString());
        assertEquals(40401, registry.errorCode(404, "GET", "/subjects/f-value/versions", null));
        assertEquals(
                "[2]",
                registry.ok("DELETE", "/subjects/f-value?permanent=true", null).toString());
        assertEquals("[]", registry.get("/subjects?deleted=true").toString());
        assertEquals(40401, registry.errorCode(404, "GET", "/subjects/f-value/versions?deleted=true", null));
    }

    @Test
    void referencesResolveAndProtectWhatTheyReference() {
        String address =
                "{\"type\":\"record\",\"name\":\"Address\",\"namespace\":\"io.example\",\"fields\":[{\"name\":\"city\",\"type\":\"string\"}]}";
        int addressId = registry.register("address", address, null);
        String person =
                "{\"type\":\"record\",\"name\":\"Person\",\"namespace\":\"io.example\",\"fields\":[{\"name\":\"home\",\"type\":\"Address\"}]}";
        JsonObject body =
                JsonParser.parseString(RegistryClient.body(person, null)).getAsJsonObject();
        JsonArray refs = JsonParser.parseString(
                        "[{\"name\":\"io.example.Address\",\"subject\":\"address\",\"version\":1}]")
                .getAsJsonArray();
        assertEquals(
                42201,
                registry.errorCode(422, "POST", "/subjects/person/versions", body.toString()),
                "without its reference Address is an unknown type");
        body.add("references", refs);
        int personId = registry.ok("POST", "/subjects/person/versions", body.toString())
                .getAsJsonObject()
                .get("id")
                .getAsInt();
        assertNotEquals(addressId, personId);

        JsonObject stored = registry.get("/subjects/person/versions/1").getAsJsonObject();
        assertEquals(refs, stored.getAsJsonArray("references"));
        assertTrue(
                stored.get("schema").getAsString().contains("\"type\":\"Address\"")
                        && !stored.get("schema").getAsString().contains("city"),
                "a referenced type is written by name, not inlined: " + stored);
        assertEquals(
                "[" + personId + "]",
                registry.get("/subjects/address/versions/1/referencedby").toString());
        assertEquals(42206, registry.errorCode(422, "DELETE", "/subjects/address/versions/1", null));
        assertEquals(42206, registry.errorCode(422, "DELETE", "/subjects/address", null));
    }

    @Test
    void jsonAndProtobufReferencesAreResolvedIntoTheComparedSchema() {
        registry.ok("PUT", "/config/address-json", "{\"compatibility\":\"NONE\"}");
        String address = "{\"type\":\"object\",\"properties\":{\"zip\":{\"type\":\"string\"}}}";
        registry.register("address-json", address, "JSON");
        registry.register("address-json", address.replace("string", "integer"), "JSON");
        String order = "{\"type\":\"object\",\"properties\":{\"address\":{\"$ref\":\"address.json\"}}}";
        // before references were resolved, such a schema did not even register (its $ref pointed nowhere)
        registry.ok(
                "POST",
                "/subjects/order-json/versions",
                withReference(order, "JSON", "address.json", "address-json", 1));
        String next = withReference(order, "JSON", "address.json", "address-json", 2);
        assertEquals(409, registry.errorCode(409, "POST", "/subjects/order-json/versions", next));

        registry.ok("PUT", "/config/item-proto", "{\"compatibility\":\"NONE\"}");
        String item = "syntax = \"proto3\";\npackage common;\nmessage Item { string sku = 1; }\n";
        registry.register("item-proto", item, "PROTOBUF");
        registry.register("item-proto", item.replace("string sku", "double sku"), "PROTOBUF");
        String orderProto = "syntax = \"proto3\";\npackage shop;\nimport \"common/item.proto\";\n"
                + "message Order { common.Item item = 1; }\n";
        registry.ok(
                "POST",
                "/subjects/order-proto/versions",
                withReference(orderProto, "PROTOBUF", "common/item.proto", "item-proto", 1));
        assertEquals(
                409,
                registry.errorCode(
                        409,
                        "POST",
                        "/subjects/order-proto/versions",
                        withReference(orderProto, "PROTOBUF", "common/item.proto", "item-proto", 2)));
    }

    private static String withReference(String schema, String type, String name, String subject, int version) {
        JsonObject body =
                JsonParser.parseString(RegistryClient.body(schema, type)).getAsJsonObject();
        JsonObject ref = new JsonObject();
        ref.addProperty("name", name);
        ref.addProperty("subject", subject);
        ref.addProperty("version", version);
        JsonArray refs = new JsonArray();
        refs.add(ref);
        body.add("references", refs);
        return body.toString();
    }

    @Test
    void jsonSchemaAndProtobufAreParsedAndCompared() {
        String json =
                "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}},\"additionalProperties\":false}";
        int jsonId = registry.register("j-value", json, "JSON");
        JsonObject v = registry.get("/subjects/j-value/versions/1").getAsJsonObject();
        assertEquals("JSON", v.get("schemaType").getAsString());
        assertEquals(
                "JSON",
                registry.get("/schemas/ids/" + jsonId)
                        .getAsJsonObject()
                        .get("schemaType")
                        .getAsString());
        String jsonTypeChanged =
                "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"integer\"}},\"additionalProperties\":false}";
        assertEquals(
                409,
                registry.errorCode(
                        409, "POST", "/subjects/j-value/versions", RegistryClient.body(jsonTypeChanged, "JSON")));
        String jsonAdded =
                "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"},\"age\":{\"type\":\"integer\"}},\"additionalProperties\":false}";
        registry.register("j-value", jsonAdded, "JSON");
        assertEquals(
                42201,
                registry.errorCode(
                        422,
                        "POST",
                        "/subjects/j-value/versions",
                        RegistryClient.body("{\"type\":\"object\",\"properties\":{\"a\":{\"type\":12}}}", "JSON")));

        String proto =
                "syntax = \"proto3\";\npackage io.example;\n\nmessage Order {\n  string id = 1;\n  int64 amount = 2;\n}\n";
        registry.register("p-value", proto, "PROTOBUF");
        assertEquals(
                "PROTOBUF",
                registry.get("/subjects/p-value/versions/1")
                        .getAsJsonObject()
                        .get("schemaType")
                        .getAsString());
        String protoTypeChanged = proto.replace("int64 amount", "string amount");
        assertEquals(
                409,
                registry.errorCode(
                        409, "POST", "/subjects/p-value/versions", RegistryClient.body(protoTypeChanged, "PROTOBUF")));
        registry.register("p-value", proto.replace("}\n", "  string note = 3;\n}\n"), "PROTOBUF");
        assertEquals(
                42201,
                registry.errorCode(
                        422,
                        "POST",
                        "/subjects/p-value/versions",
                        RegistryClient.body("message { broken", "PROTOBUF")));
    }

    @Test
    void badInputGetsTheRegistrysErrorCodes() {
        assertEquals(
                42201,
                registry.errorCode(
                        422, "POST", "/subjects/g/versions", RegistryClient.body("{\"type\":\"nope\"}", null)));
        assertEquals(42201, registry.errorCode(422, "POST", "/subjects/g/versions", "{}"));
        assertEquals(
                42201, registry.errorCode(422, "POST", "/subjects/g/versions", RegistryClient.body(USER_V1, "XML")));
        assertEquals(400, registry.errorCode(400, "POST", "/subjects/g/versions", "{\"schema\":"));
        assertEquals(
                422, registry.errorCode(422, "POST", "/subjects/g/versions", "{\"schema\":{\"type\":\"string\"}}"));
        registry.register("g", USER_V1, null);
        assertEquals(42202, registry.errorCode(422, "GET", "/subjects/g/versions/0", null));
        assertEquals(42202, registry.errorCode(422, "GET", "/subjects/g/versions/one", null));
        assertEquals(40402, registry.errorCode(404, "GET", "/subjects/g/versions/7", null));
        assertEquals(40401, registry.errorCode(404, "GET", "/subjects/nobody/versions/1", null));
        assertEquals(40403, registry.errorCode(404, "GET", "/schemas/ids/999", null));
        assertEquals(404, registry.errorCode(404, "GET", "/no/such/path", null));
        assertEquals(405, registry.errorCode(405, "PATCH", "/subjects", null));
        assertEquals("[\"g\"]", registry.get("/subjects").toString(), "nothing refused was half-written");
    }

    @Test
    void theRemainingPathsAnswerAsConfluentDocumentsThem() {
        assertEquals("{}", registry.get("/").toString());
        registry.register("list-a", USER_V1, null);
        registry.register("list-a", USER_V2, null);
        registry.register("other", "\"string\"", null);
        JsonArray all = registry.get("/schemas").getAsJsonArray();
        assertEquals(3, all.size(), all.toString());
        JsonArray latest =
                registry.get("/schemas?latestOnly=true&subjectPrefix=list-").getAsJsonArray();
        assertEquals(1, latest.size(), latest.toString());
        assertEquals(2, latest.get(0).getAsJsonObject().get("version").getAsInt());
        assertEquals(
                "[\"list-a\"]", registry.get("/subjects?subjectPrefix=list-").toString());
        // Without a version: checked against the versions the level names (the latest for BACKWARD).
        JsonObject check = registry.ok(
                        "POST",
                        "/compatibility/subjects/list-a/versions?verbose=true",
                        RegistryClient.body(USER_BAD, null))
                .getAsJsonObject();
        assertFalse(check.get("is_compatible").getAsBoolean(), check.toString());
        assertFalse(check.getAsJsonArray("messages").isEmpty(), check.toString());
        assertTrue(registry.ok("POST", "/compatibility/subjects/list-a/versions", RegistryClient.body(USER_V2, null))
                .getAsJsonObject()
                .get("is_compatible")
                .getAsBoolean());
    }
}
