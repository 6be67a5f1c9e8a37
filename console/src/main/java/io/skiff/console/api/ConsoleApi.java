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
package io.skiff.console.api;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import io.skiff.broker.extension.RecordDecoder;
import io.skiff.console.action.ActionException;
import io.skiff.console.action.OffsetReset;
import io.skiff.console.action.RecordProducer;
import io.skiff.console.auth.Sessions;
import io.skiff.console.page.Bytes;
import io.skiff.console.page.LoginPages;
import io.skiff.console.page.Positions;
import io.skiff.console.services.RequestServices;
import io.skiff.console.view.RecordBrowser;
import io.skiff.console.view.SchemaDecoding;
import io.skiff.console.view.SecurityViews;
import io.skiff.http.HttpException;
import io.skiff.http.HttpRequest;
import io.skiff.http.HttpResponse;
import io.skiff.http.JsonObjectReader;
import io.skiff.http.Routes;
import io.skiff.record.Header;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * The console's JSON API under {@code /api} (docs/console.md): the same views and actions as the pages, for scripts.
 * Errors are {@code {"error": message}} with Kafka's message where the broker refused. Thread-safe.
 */
public final class ConsoleApi {
    /** Gson is built at the first answer, not when the console starts (its ~100 classes would slow the start). */
    private static final class Serializer {
        static final Gson GSON =
                new GsonBuilder().disableHtmlEscaping().serializeNulls().create();
    }

    private final RequestServices services;

    public ConsoleApi(RequestServices services) {
        this.services = services;
    }

    /** Adds the API's routes to {@code routes}, each handler wrapped by {@code guard}. */
    public void addTo(Routes routes, UnaryOperator<Routes.Handler> guard) {
        routes.post("/api/login", guard.apply(this::login));
        routes.post("/api/logout", guard.apply(r -> {
            services.access().logout(r);
            return HttpResponse.noContent().withHeader("Set-Cookie", Sessions.clearedCookie());
        }));
        routes.get("/api/session", guard.apply(r -> {
            JsonObject body = new JsonObject();
            body.addProperty("loginRequired", services.access().loginRequired());
            body.addProperty("user", services.access().caller(r).user());
            return HttpResponse.ok(body);
        }));
        routes.get("/api/overview", guard.apply(r -> ok(services.of(r).overview())));
        routes.get("/api/rates", guard.apply(r -> ok(services.of(r).rates())));
        routes.get("/api/topics", guard.apply(r -> ok(services.of(r).topics(r.queryParam("filter", "")))));
        routes.post("/api/topics", guard.apply(this::createTopic));
        routes.get(
                "/api/topics/{name}",
                guard.apply(r -> ok(services.of(r)
                        .topic(r.pathParam("name"))
                        .orElseThrow(() -> HttpException.notFound("no topic " + r.pathParam("name"))))));
        routes.delete(
                "/api/topics/{name}",
                guard.apply(r -> act(() -> {
                    services.of(r).deleteTopic(r.pathParam("name"));
                    return HttpResponse.noContent();
                })));
        routes.post(
                "/api/topics/{name}/partitions",
                guard.apply(r -> act(() -> {
                    JsonObjectReader in = r.json().onlyFields(Set.of("count"));
                    services.of(r)
                            .addPartitions(
                                    r.pathParam("name"), required(in.integer("count", 1, Integer.MAX_VALUE), "count"));
                    return ok(services.of(r).topic(r.pathParam("name")).orElseThrow());
                })));
        routes.put(
                "/api/topics/{name}/configs",
                guard.apply(r -> act(() -> {
                    Map<String, String> changes =
                            r.json().onlyFields(Set.of("configs")).stringMap("configs");
                    changes.forEach((key, value) -> services.of(r).setConfig(r.pathParam("name"), key, value));
                    return ok(services.of(r).topic(r.pathParam("name")).orElseThrow());
                })));
        routes.get("/api/topics/{name}/records", guard.apply(this::records));
        routes.post("/api/topics/{name}/records", guard.apply(this::produce));
        routes.get("/api/groups", guard.apply(r -> ok(services.of(r).groups())));
        routes.get(
                "/api/group",
                guard.apply(r -> ok(services.of(r)
                        .group(r.queryParam("id", ""))
                        .orElseThrow(() -> HttpException.notFound("no group " + r.queryParam("id", ""))))));
        routes.get("/api/group/inflight", guard.apply(r -> ok(services.of(r).shareInFlight(r.queryParam("id", "")))));
        routes.post("/api/group/reset", guard.apply(this::resetOffsets));
        routes.get("/api/transactions", guard.apply(r -> ok(services.of(r).transactions())));
        routes.get("/api/producers", guard.apply(r -> ok(services.of(r).producers())));
        routes.post("/api/transactions/abort", guard.apply(this::abortTransaction));
        routes.get("/api/security", guard.apply(r -> ok(services.of(r).security())));
        routes.post(
                "/api/acls",
                guard.apply(r -> act(() -> {
                    services.of(r).addAcl(acl(r));
                    return HttpResponse.created(new JsonObject());
                })));
        routes.delete(
                "/api/acls",
                guard.apply(r -> act(() -> {
                    services.of(r).removeAcl(acl(r));
                    return HttpResponse.noContent();
                })));
        routes.put("/api/users/{user}", guard.apply(r -> {
            JsonObjectReader in = r.json().onlyFields(Set.of("mechanism", "iterations", "password"));
            Long iterations = in.integer("iterations", 0, Integer.MAX_VALUE);
            String mechanism = in.string("mechanism");
            String password = in.string("password");
            return act(() -> {
                services.of(r)
                        .upsertScram(
                                r.pathParam("user"),
                                mechanism == null ? "SCRAM-SHA-256" : mechanism,
                                iterations == null ? 8192 : iterations.intValue(),
                                password);
                return HttpResponse.noContent();
            });
        }));
        routes.delete(
                "/api/users/{user}",
                guard.apply(r -> act(() -> {
                    services.of(r).deleteScram(r.pathParam("user"), r.queryParam("mechanism", "SCRAM-SHA-256"));
                    return HttpResponse.noContent();
                })));
        routes.put("/api/quotas", guard.apply(r -> {
            JsonObjectReader in = r.json().onlyFields(Set.of("entity", "key", "value"));
            String entity = in.string("entity");
            String key = in.string("key");
            Double value = in.number("value");
            if (entity == null || key == null) {
                throw HttpException.badRequest("fields 'entity' and 'key' are required");
            }
            return act(() -> {
                services.of(r).setQuota(entity, key, value);
                return HttpResponse.noContent();
            });
        }));
        routes.get("/api/connections", guard.apply(r -> ok(services.of(r).connections())));
        routes.get("/api/requests", guard.apply(r -> ok(services.of(r).requestsPerApi())));
        routes.get(
                "/api/fetch-sessions",
                guard.apply(r -> ok(services.of(r).internals().fetchSessions())));
        routes.get(
                "/api/fault-rules",
                guard.apply(r -> ok(services.of(r).internals().faultRules())));
    }

    private HttpResponse createTopic(HttpRequest r) {
        JsonObjectReader in = r.json().onlyFields(Set.of("name", "partitions", "configs"));
        String name = in.string("name");
        if (name == null) {
            throw HttpException.badRequest("field 'name' is required");
        }
        Long partitions = in.integer("partitions", -1, Integer.MAX_VALUE);
        Map<String, String> configs = in.stringMap("configs");
        return act(() -> {
            services.of(r).createTopic(name, partitions == null ? -1 : partitions.intValue(), configs);
            return HttpResponse.created(Serializer.GSON.toJsonTree(
                    services.unchecked().topics().detail(name).orElseThrow()));
        });
    }

    private HttpResponse records(HttpRequest r) {
        String name = r.pathParam("name");
        RecordBrowser.From from;
        try {
            from = RecordBrowser.From.valueOf(r.queryParam("from", "beginning").toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw HttpException.badRequest("from must be beginning, end, offset or timestamp");
        }
        String at = r.queryParam("at", "");
        try {
            long position = from == RecordBrowser.From.TIMESTAMP ? Positions.timestamp(at) : Positions.offset(at, from);
            RecordBrowser.Page page = services.of(r)
                    .records(
                            name,
                            Integer.parseInt(r.queryParam("partition", "0")),
                            from,
                            position,
                            Integer.parseInt(r.queryParam("limit", "50")),
                            r.queryParam("q", ""),
                            10_000);
            return HttpResponse.ok(page(page, services.unchecked().schemas()));
        } catch (NumberFormatException e) {
            throw HttpException.badRequest("partition and limit must be numbers");
        } catch (IllegalArgumentException e) {
            throw HttpException.badRequest(e.getMessage());
        }
    }

    /** A page with each key, value and header as text when it is UTF-8, and always as base64. */
    private static JsonObject page(RecordBrowser.Page page, SchemaDecoding schemas) {
        JsonObject out = new JsonObject();
        out.addProperty("topic", page.topic());
        out.addProperty("partition", page.partition());
        out.addProperty("logStartOffset", page.logStartOffset());
        out.addProperty("logEndOffset", page.logEndOffset());
        out.addProperty("lastStableOffset", page.lastStableOffset());
        JsonArray records = new JsonArray();
        for (RecordBrowser.RecordView rv : page.records()) {
            JsonObject o = new JsonObject();
            o.addProperty("partition", rv.partition());
            o.addProperty("offset", rv.offset());
            o.addProperty("timestamp", rv.timestamp());
            bytes(o, "key", rv.key());
            bytes(o, "value", rv.value());
            decoded(o, "keySchema", schemas.decode(page.topic(), true, rv.key()));
            decoded(o, "valueSchema", schemas.decode(page.topic(), false, rv.value()));
            JsonArray headers = new JsonArray();
            for (RecordBrowser.HeaderView h : rv.headers()) {
                JsonObject ho = new JsonObject();
                ho.addProperty("key", h.key());
                bytes(ho, "value", h.value());
                headers.add(ho);
            }
            o.add("headers", headers);
            o.addProperty("transaction", rv.transaction());
            if (rv.producerId() >= 0) {
                o.addProperty("producerId", rv.producerId());
            }
            records.add(o);
        }
        out.add("records", records);
        return out;
    }

    /** {format, schemaId, text} of a key or value the schema registry decodes; absent otherwise. */
    private static void decoded(JsonObject o, String field, Optional<RecordDecoder.Decoded> decoded) {
        decoded.ifPresent(d -> {
            JsonObject out = new JsonObject();
            out.addProperty("format", d.format());
            out.addProperty("schemaId", d.schemaId());
            out.addProperty("text", d.text());
            o.add(field, out);
        });
    }

    private static void bytes(JsonObject o, String field, byte[] bytes) {
        o.addProperty(field, bytes != null && Bytes.isUtf8(bytes) ? new String(bytes, StandardCharsets.UTF_8) : null);
        o.addProperty(
                field + "Base64", bytes == null ? null : Base64.getEncoder().encodeToString(bytes));
    }

    private HttpResponse produce(HttpRequest r) {
        JsonObjectReader in = r.json().onlyFields(Set.of("partition", "key", "value", "headers"));
        Long partition = in.integer("partition", -1, Integer.MAX_VALUE);
        String key = in.string("key");
        String value = in.string("value");
        List<Header> headers = new ArrayList<>();
        in.stringMap("headers")
                .forEach((k, v) -> headers.add(Header.of(k, v == null ? null : v.getBytes(StandardCharsets.UTF_8))));
        return act(() -> {
            RecordProducer.Produced produced = services.of(r)
                    .produce(
                            r.pathParam("name"),
                            partition == null ? -1 : partition.intValue(),
                            key == null ? null : key.getBytes(StandardCharsets.UTF_8),
                            value == null ? null : value.getBytes(StandardCharsets.UTF_8),
                            headers);
            return HttpResponse.created(Serializer.GSON.toJsonTree(produced));
        });
    }

    private HttpResponse resetOffsets(HttpRequest r) {
        JsonObjectReader in = r.json().onlyFields(Set.of("group", "topic", "to", "at", "dryRun"));
        String group = in.string("group");
        String topic = in.string("topic");
        String to = in.string("to");
        if (group == null || topic == null || to == null) {
            throw HttpException.badRequest("fields 'group', 'topic' and 'to' are required");
        }
        Long at = in.integer("at", Long.MIN_VALUE, Long.MAX_VALUE);
        Boolean dryRun = in.bool("dryRun");
        return act(() -> {
            List<OffsetReset.Planned> plan =
                    services.of(r).resetOffsets(group, topic, to, at == null ? 0 : at, dryRun == null || dryRun);
            return ok(plan);
        });
    }

    private HttpResponse abortTransaction(HttpRequest r) {
        JsonObjectReader in = r.json().onlyFields(Set.of("topic", "partition", "startOffset"));
        String topic = in.string("topic");
        Long partition = in.integer("partition", 0, Integer.MAX_VALUE);
        Long startOffset = in.integer("startOffset", 0, Long.MAX_VALUE);
        if (topic == null || partition == null || startOffset == null) {
            throw HttpException.badRequest("fields 'topic', 'partition' and 'startOffset' are required");
        }
        return act(() -> {
            long producerId = services.of(r).abortTransaction(topic, partition.intValue(), startOffset);
            JsonObject body = new JsonObject();
            body.addProperty("producerId", producerId);
            return HttpResponse.ok(body);
        });
    }

    private HttpResponse login(HttpRequest r) {
        JsonObjectReader in = r.json().onlyFields(Set.of("user", "password"));
        String token = services.access()
                .login(in.string("user"), in.string("password"))
                .orElseThrow(() -> new HttpException(401, LoginPages.REFUSED));
        JsonObject body = new JsonObject();
        body.addProperty("user", in.string("user"));
        return HttpResponse.ok(body).withHeader("Set-Cookie", Sessions.cookie(token));
    }

    /** An ACL from the body: {resourceType, resourceName, patternType, principal, host, operation, permission}. */
    private static SecurityViews.AclView acl(HttpRequest r) {
        JsonObjectReader in = r.json()
                .onlyFields(Set.of(
                        "resourceType", "resourceName", "patternType", "principal", "host", "operation", "permission"));
        return new SecurityViews.AclView(
                in.string("resourceType"),
                in.string("resourceName"),
                in.string("patternType"),
                in.string("principal"),
                in.string("host"),
                in.string("operation"),
                in.string("permission"));
    }

    private static HttpResponse ok(Object value) {
        JsonElement tree = Serializer.GSON.toJsonTree(value);
        return HttpResponse.ok(tree);
    }

    private static int required(Long value, String field) {
        if (value == null) {
            throw HttpException.badRequest("field '" + field + "' is required");
        }
        return value.intValue();
    }

    /** Runs an action; a refusal is 400 with its message. */
    private static HttpResponse act(java.util.function.Supplier<HttpResponse> action) {
        try {
            return action.get();
        } catch (ActionException e) {
            throw HttpException.badRequest(e.getMessage());
        }
    }
}
