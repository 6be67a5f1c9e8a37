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
package io.skiff.registry.api;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import io.skiff.http.HttpRequest;
import io.skiff.http.HttpResponse;
import io.skiff.http.Json;
import io.skiff.http.Routes;
import io.skiff.registry.schema.SchemaType;
import io.skiff.registry.service.Registry;
import io.skiff.registry.store.RegistryException;
import io.skiff.registry.store.SchemaVersion;
import java.util.List;
import java.util.Map;

/**
 * Confluent Schema Registry's REST API over {@link Registry}: its paths, query parameters, JSON bodies, error bodies
 * ({@code {"error_code":40401,"message":"..."}}) and the {@code application/vnd.schemaregistry.v1+json} content type.
 * Stateless and thread-safe.
 */
public final class RegistryApi {
    public static final String CONTENT_TYPE = "application/vnd.schemaregistry.v1+json";

    private final Registry registry;

    public RegistryApi(Registry registry) {
        this.registry = registry;
    }

    /** Registers every route. */
    public void addTo(Routes target) {
        Wrapped routes = new Wrapped(target);
        routes.get("/", r -> ok(new JsonObject()));
        routes.get(
                "/subjects",
                r -> ok(strings(registry.subjects(flag(r, "deleted"), r.queryParam("subjectPrefix", null)))));
        routes.get("/subjects/{subject}/versions", r -> ok(ints(registry.versions(subject(r), flag(r, "deleted")))));
        routes.post("/subjects/{subject}/versions", r -> {
            JsonObject out = new JsonObject();
            out.addProperty("id", registry.register(subject(r), RequestBodies.schema(r.body())));
            return ok(out);
        });
        routes.post(
                "/subjects/{subject}",
                r -> ok(version(registry.lookup(subject(r), RequestBodies.schema(r.body()), flag(r, "deleted")))));
        routes.delete("/subjects/{subject}", r -> ok(ints(registry.deleteSubject(subject(r), flag(r, "permanent")))));
        routes.get(
                "/subjects/{subject}/versions/{version}",
                r -> ok(version(registry.version(subject(r), r.pathParam("version"), flag(r, "deleted")))));
        routes.get(
                "/subjects/{subject}/versions/{version}/schema",
                r -> raw(registry.version(subject(r), r.pathParam("version"), flag(r, "deleted"))
                        .schema()));
        routes.delete(
                "/subjects/{subject}/versions/{version}",
                r -> ok(new com.google.gson.JsonPrimitive(
                        registry.deleteVersion(subject(r), r.pathParam("version"), flag(r, "permanent")))));
        routes.get(
                "/subjects/{subject}/versions/{version}/referencedby",
                r -> ok(ints(registry.referencedBy(subject(r), r.pathParam("version")))));

        routes.get("/schemas", r -> {
            JsonArray out = new JsonArray();
            registry.allSchemas(flag(r, "deleted"), flag(r, "latestOnly"), r.queryParam("subjectPrefix", null))
                    .forEach(v -> out.add(version(v)));
            return ok(out);
        });
        routes.get("/schemas/types", r -> ok(strings(List.of("JSON", "PROTOBUF", "AVRO"))));
        routes.get("/schemas/ids/{id}", r -> ok(schemaById(registry.byId(id(r)))));
        routes.get("/schemas/ids/{id}/schema", r -> raw(registry.byId(id(r)).schema()));
        routes.get(
                "/schemas/ids/{id}/subjects",
                r -> ok(strings(registry.versionsOfId(id(r), flag(r, "deleted")).stream()
                        .map(SchemaVersion::subject)
                        .distinct()
                        .toList())));
        routes.get("/schemas/ids/{id}/versions", r -> {
            JsonArray out = new JsonArray();
            for (SchemaVersion v : registry.versionsOfId(id(r), flag(r, "deleted"))) {
                JsonObject o = new JsonObject();
                o.addProperty("subject", v.subject());
                o.addProperty("version", v.version());
                out.add(o);
            }
            return ok(out);
        });

        routes.get("/config", r -> ok(level("compatibilityLevel", registry.globalCompatibility())));
        routes.put(
                "/config",
                r -> ok(level(
                        "compatibility", registry.setCompatibility(null, RequestBodies.compatibility(r.body())))));
        routes.delete("/config", r -> ok(level("compatibilityLevel", registry.deleteCompatibility(null))));
        routes.get(
                "/config/{subject}",
                r -> ok(level(
                        "compatibilityLevel", registry.subjectCompatibility(subject(r), flag(r, "defaultToGlobal")))));
        routes.put(
                "/config/{subject}",
                r -> ok(level(
                        "compatibility",
                        registry.setCompatibility(subject(r), RequestBodies.compatibility(r.body())))));
        routes.delete(
                "/config/{subject}", r -> ok(level("compatibilityLevel", registry.deleteCompatibility(subject(r)))));

        routes.get("/mode", r -> ok(level("mode", registry.globalMode())));
        routes.put(
                "/mode",
                r -> ok(level("mode", registry.setMode(null, RequestBodies.mode(r.body()), flag(r, "force")))));
        routes.get(
                "/mode/{subject}",
                r -> ok(level("mode", registry.subjectMode(subject(r), flag(r, "defaultToGlobal")))));
        routes.put(
                "/mode/{subject}",
                r -> ok(level("mode", registry.setMode(subject(r), RequestBodies.mode(r.body()), flag(r, "force")))));
        routes.delete("/mode/{subject}", r -> ok(level("mode", registry.deleteMode(subject(r)))));

        routes.post(
                "/compatibility/subjects/{subject}/versions/{version}",
                r -> compatibility(
                        r,
                        registry.checkCompatibility(
                                subject(r), r.pathParam("version"), RequestBodies.schema(r.body()))));
        routes.post(
                "/compatibility/subjects/{subject}/versions",
                r -> compatibility(r, registry.checkCompatibility(subject(r), null, RequestBodies.schema(r.body()))));

        routes.get("/contexts", r -> ok(strings(List.of("."))));
    }

    /** Adds routes whose registry errors are answered in Confluent's shape. */
    private record Wrapped(Routes routes) {
        void get(String pattern, Routes.Handler handler) {
            routes.get(pattern, confluentErrors(handler));
        }

        void post(String pattern, Routes.Handler handler) {
            routes.post(pattern, confluentErrors(handler));
        }

        void put(String pattern, Routes.Handler handler) {
            routes.put(pattern, confluentErrors(handler));
        }

        void delete(String pattern, Routes.Handler handler) {
            routes.delete(pattern, confluentErrors(handler));
        }
    }

    /** Wraps a route's handler so that registry errors are answered in Confluent's shape. */
    public static Routes.Handler confluentErrors(Routes.Handler handler) {
        return request -> {
            try {
                return handler.handle(request);
            } catch (RegistryException e) {
                return error(e.status(), e.errorCode(), e.getMessage());
            }
        };
    }

    /** An error body as Confluent's registry writes it. */
    public static HttpResponse error(int status, int errorCode, String message) {
        JsonObject body = new JsonObject();
        body.addProperty("error_code", errorCode);
        body.addProperty("message", message);
        return new HttpResponse(status, Json.write(body), CONTENT_TYPE, Map.of());
    }

    private static HttpResponse compatibility(HttpRequest r, List<String> problems) {
        JsonObject out = new JsonObject();
        out.addProperty("is_compatible", problems.isEmpty());
        if (flag(r, "verbose")) {
            out.add("messages", strings(problems));
        }
        return ok(out);
    }

    private static JsonObject version(SchemaVersion v) {
        JsonObject out = new JsonObject();
        out.addProperty("subject", v.subject());
        out.addProperty("version", v.version());
        out.addProperty("id", v.id());
        addTypeAndReferences(v, out);
        out.addProperty("schema", v.schema());
        return out;
    }

    private static JsonObject schemaById(SchemaVersion v) {
        JsonObject out = new JsonObject();
        addTypeAndReferences(v, out);
        out.addProperty("schema", v.schema());
        return out;
    }

    private static void addTypeAndReferences(SchemaVersion v, JsonObject out) {
        if (v.type() != SchemaType.AVRO) {
            out.addProperty("schemaType", v.type().name());
        }
        if (!v.references().isEmpty()) {
            JsonArray refs = new JsonArray();
            v.references().forEach(ref -> {
                JsonObject o = new JsonObject();
                o.addProperty("name", ref.name());
                o.addProperty("subject", ref.subject());
                o.addProperty("version", ref.version());
                refs.add(o);
            });
            out.add("references", refs);
        }
    }

    private static JsonObject level(String field, String value) {
        JsonObject out = new JsonObject();
        out.addProperty(field, value);
        return out;
    }

    private static String subject(HttpRequest r) {
        return r.pathParam("subject");
    }

    private static int id(HttpRequest r) {
        String text = r.pathParam("id");
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw RegistryException.schemaNotFound("Schema " + text + " not found");
        }
    }

    private static boolean flag(HttpRequest r, String name) {
        return Boolean.parseBoolean(r.queryParam(name, "false"));
    }

    private static JsonArray strings(List<String> values) {
        JsonArray out = new JsonArray();
        values.forEach(out::add);
        return out;
    }

    private static JsonArray ints(List<Integer> values) {
        JsonArray out = new JsonArray();
        values.forEach(out::add);
        return out;
    }

    private static HttpResponse ok(JsonElement body) {
        return new HttpResponse(200, Json.write(body), CONTENT_TYPE, Map.of());
    }

    /** A schema's own text (the {@code /schema} paths). */
    private static HttpResponse raw(String schema) {
        return new HttpResponse(200, schema, CONTENT_TYPE, Map.of());
    }
}
