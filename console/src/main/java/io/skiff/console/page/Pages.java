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

import io.skiff.console.action.ActionException;
import io.skiff.console.action.OffsetReset;
import io.skiff.console.auth.Caller;
import io.skiff.console.services.RequestServices;
import io.skiff.console.view.GroupViews;
import io.skiff.console.view.RecordBrowser;
import io.skiff.console.view.SecurityViews;
import io.skiff.console.view.TopicViews;
import io.skiff.http.HttpException;
import io.skiff.http.HttpRequest;
import io.skiff.http.HttpResponse;
import io.skiff.http.Routes;
import io.skiff.record.Header;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The console's HTML pages and the forms they post: each GET renders a page from the views; each POST runs an action
 * and redirects back with a message (Kafka's message when the broker refuses). Thread-safe (stateless over the
 * views).
 */
public final class Pages {
    private final RequestServices services;

    public Pages(RequestServices services) {
        this.services = services;
    }

    /**
     * Adds the pages to {@code routes}, each handler wrapped by {@code guard}; a refusal (403 for what the user's ACLs
     * do not allow, 404) is a page too.
     */
    public void addTo(Routes routes, UnaryOperator<Routes.Handler> outerGuard) {
        UnaryOperator<Routes.Handler> guard = handler -> outerGuard.apply(r -> {
            try {
                return handler.handle(r);
            } catch (HttpException e) {
                if (e.status() != 403 && e.status() != 404) {
                    throw e;
                }
                return Layout.error(e.status(), e.getMessage(), user(r));
            }
        });
        routes.get(
                "/",
                guard.apply(r -> page(
                        r,
                        "Overview",
                        "overview",
                        OverviewPage.render(
                                services.of(r).overview(), services.of(r).rates()))));
        routes.get("/topics", guard.apply(r -> {
            String filter = r.queryParam("filter", "");
            return page(r, "Topics", "topics", TopicPages.list(services.of(r).topics(filter), filter));
        }));
        routes.post("/topics", guard.apply(this::createTopic));
        routes.get("/topics/{name}", guard.apply(r -> {
            TopicViews.TopicDetail d = topic(r, r.pathParam("name"));
            return page(r, "Topic " + d.summary().name(), "topics", TopicPages.detail(d));
        }));
        routes.post("/topics/{name}/delete", guard.apply(this::deleteTopic));
        routes.post("/topics/{name}/partitions", guard.apply(this::addPartitions));
        routes.post("/topics/{name}/config", guard.apply(this::setConfig));
        routes.get("/topics/{name}/records", guard.apply(this::records));
        routes.post("/topics/{name}/records", guard.apply(this::produce));
        routes.get(
                "/groups",
                guard.apply(r -> page(
                        r, "Groups", "groups", GroupPages.list(services.of(r).groups()))));
        routes.get("/group", guard.apply(r -> group(r, null)));
        routes.post("/group/reset", guard.apply(this::resetOffsets));
        routes.get(
                "/transactions",
                guard.apply(r -> page(
                        r,
                        "Transactions and producers",
                        "transactions",
                        TransactionsPage.render(
                                services.of(r).transactions(), services.of(r).producers()))));
        routes.post("/transactions/abort", guard.apply(this::abortTransaction));
        routes.get(
                "/security",
                guard.apply(r -> page(
                        r,
                        "ACLs, users and quotas",
                        "security",
                        SecurityPage.render(services.of(r).security()))));
        routes.post(
                "/security/acls",
                guard.apply(r -> security(r, () -> services.of(r).addAcl(acl(Form.of(r))), "ACL added.")));
        routes.post(
                "/security/acls/remove",
                guard.apply(r -> security(r, () -> services.of(r).removeAcl(acl(Form.of(r))), "ACL removed.")));
        routes.post("/security/users", guard.apply(r -> {
            Form f = Form.of(r);
            return security(
                    r,
                    () -> services.of(r)
                            .upsertScram(
                                    f.get("user").trim(),
                                    f.get("mechanism"),
                                    intOr(f.get("iterations"), 8192),
                                    f.get("password")),
                    f.get("mechanism") + " password of " + f.get("user").trim() + " set.");
        }));
        routes.post("/security/users/delete", guard.apply(r -> {
            Form f = Form.of(r);
            return security(
                    r,
                    () -> services.of(r).deleteScram(f.get("user"), f.get("mechanism")),
                    f.get("mechanism") + " credential of " + f.get("user") + " deleted.");
        }));
        routes.post("/security/quotas", guard.apply(r -> {
            Form f = Form.of(r);
            String value = f.get("value").trim();
            Double parsed;
            try {
                parsed = value.isEmpty() ? null : Double.valueOf(value);
            } catch (NumberFormatException e) {
                return failed("/security", "Not a number: " + value);
            }
            return security(
                    r,
                    () -> services.of(r).setQuota(f.get("entity"), f.get("key"), parsed),
                    parsed == null ? f.get("key") + " removed." : f.get("key") + " set.");
        }));
        routes.get(
                "/connections",
                guard.apply(r -> page(
                        r,
                        "Connections and clients",
                        "connections",
                        ConnectionsPage.render(
                                services.of(r).connections(),
                                services.of(r).requestsPerApi(),
                                services.of(r).severalNodes()))));
        routes.get(
                "/internals",
                guard.apply(r -> page(
                        r,
                        "Fetch sessions and fault rules",
                        "internals",
                        InternalsPage.render(services.of(r).internals()))));
    }

    private HttpResponse page(HttpRequest r, String title, String nav, String body) {
        return Layout.page(title, nav, r.queryParam("msg", ""), r.queryParam("err", ""), body, user(r));
    }

    /** The logged-in user's name, or null when the console has no login. */
    private String user(HttpRequest r) {
        return services.access().find(r).map(Caller::user).orElse(null);
    }

    private TopicViews.TopicDetail topic(HttpRequest r, String name) {
        return services.of(r).topic(name).orElseThrow(() -> HttpException.notFound("no topic " + name));
    }

    private HttpResponse createTopic(HttpRequest r) {
        Form f = Form.of(r);
        String name = f.get("name").trim();
        try {
            services.of(r).createTopic(name, intOr(f.get("partitions"), -1), f.lines("configs"));
            return done("/topics/" + Html.url(name), "Topic " + name + " created.");
        } catch (ActionException e) {
            return failed("/topics", e.getMessage());
        }
    }

    private HttpResponse deleteTopic(HttpRequest r) {
        String name = r.pathParam("name");
        Form f = Form.of(r);
        if (!f.get("confirm").equals(name)) {
            return failed("/topics/" + Html.url(name), "Type the topic's name to delete it.");
        }
        try {
            services.of(r).deleteTopic(name);
            return done("/topics", "Topic " + name + " deleted.");
        } catch (ActionException e) {
            return failed("/topics/" + Html.url(name), e.getMessage());
        }
    }

    private HttpResponse addPartitions(HttpRequest r) {
        String name = r.pathParam("name");
        try {
            int count = intOr(Form.of(r).get("count"), -1);
            services.of(r).addPartitions(name, count);
            return done("/topics/" + Html.url(name), "Topic " + name + " has " + count + " partitions now.");
        } catch (ActionException e) {
            return failed("/topics/" + Html.url(name), e.getMessage());
        }
    }

    private HttpResponse setConfig(HttpRequest r) {
        String name = r.pathParam("name");
        Form f = Form.of(r);
        String key = f.get("key").trim();
        try {
            services.of(r).setConfig(name, key, f.get("value"));
            return done(
                    "/topics/" + Html.url(name),
                    f.get("value").isEmpty() ? key + " is back to its default." : key + " set.");
        } catch (ActionException e) {
            return failed("/topics/" + Html.url(name), e.getMessage());
        }
    }

    private HttpResponse records(HttpRequest r) {
        String name = r.pathParam("name");
        TopicViews.TopicDetail d = topic(r, name);
        int partition = Math.max(0, Math.min(d.summary().partitions() - 1, intOr(r.queryParam("partition", "0"), 0)));
        String from = r.queryParam("from", "beginning");
        String at = r.queryParam("at", "");
        int limit = Math.max(1, Math.min(RecordBrowser.MAX_RECORDS, intOr(r.queryParam("limit", "50"), 50)));
        String search = r.queryParam("q", "");
        RecordsPage.Query q =
                new RecordsPage.Query(partition, from, at, limit, search, Bytes.of(r.queryParam("format", "text")));
        RecordBrowser.Page records;
        String error = r.queryParam("err", "");
        try {
            RecordBrowser.From start = RecordBrowser.From.valueOf(from.toUpperCase(java.util.Locale.ROOT));
            long position =
                    start == RecordBrowser.From.TIMESTAMP ? Positions.timestamp(at) : Positions.offset(at, start);
            records = services.of(r).records(name, partition, start, position, limit, search, 10_000);
        } catch (IllegalArgumentException e) {
            error = e.getMessage();
            records = services.of(r).records(name, partition, RecordBrowser.From.BEGINNING, 0, limit, "", 0);
        }
        return Layout.page(
                "Records of " + name,
                "topics",
                r.queryParam("msg", ""),
                error,
                RecordsPage.render(
                        name,
                        d.summary().partitions(),
                        q,
                        records,
                        services.unchecked().schemas()),
                user(r));
    }

    private HttpResponse produce(HttpRequest r) {
        String name = r.pathParam("name");
        Form f = Form.of(r);
        String back = f.get("back");
        if (!back.startsWith("/") || back.startsWith("//")) {
            back = "/topics/" + Html.url(name) + "/records?from=end";
        }
        List<Header> headers = new ArrayList<>();
        for (Map.Entry<String, String> h : f.lines("headers").entrySet()) {
            headers.add(Header.of(h.getKey(), h.getValue()));
        }
        String key = f.get("key");
        try {
            var produced = services.of(r)
                    .produce(
                            name,
                            intOr(f.get("partition"), -1),
                            key.isEmpty() ? null : key.getBytes(StandardCharsets.UTF_8),
                            f.get("value").getBytes(StandardCharsets.UTF_8),
                            headers);
            String sep = back.contains("?") ? "&" : "?";
            return Layout.redirect(back + sep + "msg="
                    + Html.url(
                            "Produced to partition " + produced.partition() + " at offset " + produced.offset() + "."));
        } catch (ActionException e) {
            String sep = back.contains("?") ? "&" : "?";
            return Layout.redirect(back + sep + "err=" + Html.url(e.getMessage()));
        }
    }

    private HttpResponse group(HttpRequest r, List<OffsetReset.Planned> plan) {
        String id = r.queryParam("id", "");
        GroupViews.GroupDetail d = services.of(r).group(id).orElseThrow(() -> HttpException.notFound("no group " + id));
        return page(
                r, "Group " + id, "groups", GroupPages.detail(d, services.of(r).shareInFlight(id), plan));
    }

    private HttpResponse resetOffsets(HttpRequest r) {
        Form f = Form.of(r);
        String id = f.get("id");
        String back = "/group?id=" + Html.url(id);
        boolean dryRun = !f.get("mode").equals("execute");
        try {
            long at = f.get("at").isBlank() ? 0 : Long.parseLong(f.get("at").trim());
            List<OffsetReset.Planned> plan =
                    services.of(r).resetOffsets(id, f.get("topic").trim(), f.get("to"), at, dryRun);
            if (dryRun) {
                HttpRequest shown =
                        new HttpRequest("GET", "/group", Map.of(), "", Map.of("id", List.of(id)), r.headers());
                return group(shown, plan);
            }
            return done(back, "Offsets of " + f.get("topic").trim() + " reset.");
        } catch (NumberFormatException e) {
            return failed(back, "Not a number: " + f.get("at"));
        } catch (ActionException e) {
            return failed(back, e.getMessage());
        }
    }

    private HttpResponse abortTransaction(HttpRequest r) {
        Form f = Form.of(r);
        String topic = f.get("topic");
        int partition = intOr(f.get("partition"), -1);
        long startOffset;
        try {
            startOffset = Long.parseLong(f.get("startOffset").trim());
        } catch (NumberFormatException e) {
            return failed("/transactions", "Not an offset: " + f.get("startOffset"));
        }
        try {
            long producerId = services.of(r).abortTransaction(topic, partition, startOffset);
            return done(
                    "/transactions",
                    "Transaction of producer " + producerId + " on " + topic + "-" + partition + " aborted.");
        } catch (ActionException e) {
            return failed("/transactions", e.getMessage());
        }
    }

    /** Runs a change of the security page and goes back to it with its message or Kafka's refusal. */
    private static HttpResponse security(HttpRequest r, Runnable change, String message) {
        try {
            change.run();
            return done("/security", message);
        } catch (ActionException e) {
            return failed("/security", e.getMessage());
        }
    }

    private static SecurityViews.AclView acl(Form f) {
        return new SecurityViews.AclView(
                f.get("resourceType"),
                f.get("resourceName"),
                f.get("patternType"),
                f.get("principal"),
                f.get("host"),
                f.get("operation"),
                f.get("permission"));
    }

    private static HttpResponse done(String location, String message) {
        return Layout.redirect(location + (location.contains("?") ? "&" : "?") + "msg=" + Html.url(message));
    }

    private static HttpResponse failed(String location, String message) {
        return Layout.redirect(location + (location.contains("?") ? "&" : "?") + "err=" + Html.url(message));
    }

    private static int intOr(String value, int fallback) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            return fallback;
        }
    }
}
