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
package io.skiff.broker.control;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import io.skiff.broker.clock.BrokerClock;
import io.skiff.http.HttpException;
import io.skiff.http.HttpRequest;
import io.skiff.http.HttpResponse;
import io.skiff.http.JsonObjectReader;
import io.skiff.http.Routes;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The control listener's paths (JSON in and out), a thin door onto {@link Faults}, {@link StorageFaults}, the
 * {@link BrokerClock} and the broker's reset:
 *
 * <ul>
 *   <li>{@code POST /v1/faults} a rule → 201 {@code {"id": ...}}; {@code GET /v1/faults} the rules with
 *       {@code applied}; {@code GET /v1/faults/{id}}; {@code POST /v1/faults/{id}/release};
 *       {@code DELETE /v1/faults/{id}}; {@code DELETE /v1/faults};
 *   <li>{@code POST /v1/storage/faults}, {@code GET /v1/storage/faults}, {@code DELETE /v1/storage/faults};
 *   <li>{@code GET /v1/clock}, {@code POST /v1/clock/advance} {@code {"ms": N}}, {@code POST /v1/clock/pause},
 *       {@code POST /v1/clock/resume};
 *   <li>{@code POST /v1/reset}.
 * </ul>
 *
 * Every input is read and checked before anything changes, so a 400 leaves the broker as it was.
 *
 * <p>Thread-safe: stateless over thread-safe models.
 */
public final class ControlHttpApi {
    private static final Set<String> RULE_FIELDS = Set.of(
            "api",
            "minVersion",
            "maxVersion",
            "topic",
            "partition",
            "group",
            "transactionalId",
            "clientId",
            "listener",
            "action",
            "error",
            "latencyMs",
            "count",
            "durationMs",
            "probability",
            "seed");
    private static final Set<String> STORAGE_FIELDS = Set.of("topic", "partition", "fail");

    private final Faults faults;
    private final StorageFaults storageFaults;
    private final BrokerClock clock;
    private final Predicate<String> topicExists;
    private final Runnable reset;

    /**
     * @param topicExists whether a topic exists (a rule or storage fault naming an unknown topic is refused)
     * @param reset       what {@code POST /v1/reset} does
     */
    public ControlHttpApi(
            Faults faults,
            StorageFaults storageFaults,
            BrokerClock clock,
            Predicate<String> topicExists,
            Runnable reset) {
        this.faults = faults;
        this.storageFaults = storageFaults;
        this.clock = clock;
        this.topicExists = topicExists;
        this.reset = reset;
    }

    public Routes routes() {
        return new Routes()
                .post("/v1/faults", this::addFault)
                .get("/v1/faults", r -> HttpResponse.ok(rules()))
                .delete("/v1/faults", r -> {
                    faults.clear();
                    return HttpResponse.noContent();
                })
                .get("/v1/faults/{id}", r -> HttpResponse.ok(json(rule(r.pathParam("id")))))
                .post("/v1/faults/{id}/release", r -> {
                    FaultRule rule = rule(r.pathParam("id"));
                    rule.release();
                    return HttpResponse.ok(json(rule));
                })
                .delete("/v1/faults/{id}", r -> {
                    if (!faults.remove(r.pathParam("id"))) {
                        throw HttpException.notFound("no fault rule " + r.pathParam("id"));
                    }
                    return HttpResponse.noContent();
                })
                .post("/v1/storage/faults", this::addStorageFault)
                .get("/v1/storage/faults", r -> HttpResponse.ok(storageFaultsJson()))
                .delete("/v1/storage/faults", r -> {
                    storageFaults.clear();
                    return HttpResponse.noContent();
                })
                .get("/v1/clock", r -> HttpResponse.ok(clockJson()))
                .post("/v1/clock/advance", this::advance)
                .post("/v1/clock/pause", r -> {
                    r.json().onlyFields(Set.of());
                    clock.pause();
                    return HttpResponse.ok(clockJson());
                })
                .post("/v1/clock/resume", r -> {
                    r.json().onlyFields(Set.of());
                    clock.resume();
                    return HttpResponse.ok(clockJson());
                })
                .post("/v1/reset", r -> {
                    r.json().onlyFields(Set.of());
                    try {
                        reset.run();
                    } catch (IllegalStateException e) {
                        throw new HttpException(409, e.getMessage());
                    }
                    return HttpResponse.noContent();
                });
    }

    private HttpResponse addFault(HttpRequest request) {
        FaultSpec spec = parseRule(request.json().onlyFields(RULE_FIELDS));
        FaultRule rule = faults.add(spec);
        JsonObject body = new JsonObject();
        body.addProperty("id", rule.id());
        return HttpResponse.created(body);
    }

    /** Reads and checks a whole rule; throws 400 naming the field before anything is added. */
    FaultSpec parseRule(JsonObjectReader in) {
        FaultSpec.Builder b = FaultSpec.builder();
        try {
            String api = in.stringOrNumber("api");
            if (api != null) {
                b.api(ApiNames.parse(api));
            }
            Long min = in.integer("minVersion", 0, Short.MAX_VALUE);
            Long max = in.integer("maxVersion", 0, Short.MAX_VALUE);
            b.minVersion(min == null ? null : min.shortValue()).maxVersion(max == null ? null : max.shortValue());
            String topic = in.string("topic");
            if (topic != null && !topicExists.test(topic)) {
                throw HttpException.badRequest("topic: unknown topic '" + topic + "'");
            }
            Long partition = in.integer("partition", 0, Integer.MAX_VALUE);
            b.topic(topic)
                    .partition(partition == null ? null : partition.intValue())
                    .group(in.string("group"))
                    .transactionalId(in.string("transactionalId"))
                    .clientId(in.string("clientId"))
                    .listener(in.string("listener"));
            String error = in.string("error");
            Long latencyMs = in.integer("latencyMs", 1, Integer.MAX_VALUE);
            String action = in.string("action");
            b.action(action(action, error, latencyMs));
            if (error != null) {
                b.errorCode(ApiNames.error(error));
            }
            if (latencyMs != null) {
                b.latencyMs(latencyMs);
            }
            Long count = in.integer("count", 1, Integer.MAX_VALUE);
            b.count(count == null ? null : count.intValue());
            b.durationMs(in.integer("durationMs", 1, Long.MAX_VALUE));
            Double probability = in.number("probability");
            Long seed = in.integer("seed", Long.MIN_VALUE, Long.MAX_VALUE);
            if (seed != null && probability == null) {
                throw HttpException.badRequest("seed: a seed goes with a probability");
            }
            if (probability != null) {
                b.probability(probability, seed == null ? 0 : seed);
            }
            return b.build();
        } catch (IllegalArgumentException e) {
            throw HttpException.badRequest(e.getMessage());
        }
    }

    /** The action named, or the one the other fields imply: an error name means error, latencyMs latency. */
    private static FaultAction action(String name, String error, Long latencyMs) {
        if (name == null) {
            if (error != null) {
                return FaultAction.ERROR;
            }
            if (latencyMs != null) {
                return FaultAction.LATENCY;
            }
            throw HttpException.badRequest("action: missing (one of error, latency, hold, close, close-after, drop)");
        }
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "error" -> FaultAction.ERROR;
            case "latency" -> FaultAction.LATENCY;
            case "hold" -> FaultAction.HOLD;
            case "close", "close-before" -> FaultAction.CLOSE_BEFORE;
            case "close-after" -> FaultAction.CLOSE_AFTER;
            case "drop" -> FaultAction.DROP;
            default ->
                throw HttpException.badRequest("action: unknown action '" + name
                        + "' (one of error, latency, hold, close, close-after, drop)");
        };
    }

    private HttpResponse addStorageFault(HttpRequest request) {
        JsonObjectReader in = request.json().onlyFields(STORAGE_FIELDS);
        String topic = in.string("topic");
        if (topic != null && !topicExists.test(topic)) {
            throw HttpException.badRequest("topic: unknown topic '" + topic + "'");
        }
        Long partition = in.integer("partition", 0, Integer.MAX_VALUE);
        String fail = in.string("fail");
        boolean writes;
        boolean reads;
        switch (fail == null ? "all" : fail.toLowerCase(Locale.ROOT)) {
            case "all" -> {
                writes = true;
                reads = true;
            }
            case "writes" -> {
                writes = true;
                reads = false;
            }
            case "reads" -> {
                writes = false;
                reads = true;
            }
            default -> throw HttpException.badRequest("fail: unknown '" + fail + "' (one of writes, reads, all)");
        }
        StorageFault fault;
        try {
            fault = new StorageFault(topic, partition == null ? null : partition.intValue(), writes, reads);
        } catch (IllegalArgumentException e) {
            throw HttpException.badRequest(e.getMessage());
        }
        storageFaults.add(fault);
        return HttpResponse.created(storageFaultsJson());
    }

    private HttpResponse advance(HttpRequest request) {
        JsonObjectReader in = request.json().onlyFields(Set.of("ms"));
        Long ms = in.integer("ms", 0, Long.MAX_VALUE / 2);
        if (ms == null) {
            throw HttpException.badRequest("ms: missing (how far to advance the clock, in milliseconds)");
        }
        clock.advance(Duration.ofMillis(ms));
        return HttpResponse.ok(clockJson());
    }

    private FaultRule rule(String id) {
        return faults.rule(id).orElseThrow(() -> HttpException.notFound("no fault rule " + id));
    }

    private JsonArray rules() {
        JsonArray all = new JsonArray();
        faults.rules().forEach(r -> all.add(json(r)));
        return all;
    }

    private static JsonObject json(FaultRule rule) {
        FaultSpec s = rule.spec();
        JsonObject o = new JsonObject();
        o.addProperty("id", rule.id());
        o.addProperty("applied", rule.applied());
        o.addProperty("active", rule.active());
        if (s.api() != null) {
            o.addProperty("api", s.api().name);
        }
        addIf(o, "minVersion", s.minVersion());
        addIf(o, "maxVersion", s.maxVersion());
        if (s.topic() != null) {
            o.addProperty("topic", s.topic());
        }
        addIf(o, "partition", s.partition());
        if (s.group() != null) {
            o.addProperty("group", s.group());
        }
        if (s.transactionalId() != null) {
            o.addProperty("transactionalId", s.transactionalId());
        }
        if (s.clientId() != null) {
            o.addProperty("clientId", s.clientId());
        }
        if (s.listener() != null) {
            o.addProperty("listener", s.listener());
        }
        o.addProperty("action", FaultSpec.label(s.action()));
        if (s.error() != null) {
            o.addProperty("error", s.error().name());
        }
        if (s.latencyMs() > 0) {
            o.addProperty("latencyMs", s.latencyMs());
        }
        addIf(o, "count", s.count());
        addIf(o, "durationMs", s.durationMs());
        if (s.probability() < 1) {
            o.addProperty("probability", s.probability());
            o.addProperty("seed", s.seed());
        }
        return o;
    }

    private static void addIf(JsonObject o, String name, Number value) {
        if (value != null) {
            o.addProperty(name, value);
        }
    }

    private JsonArray storageFaultsJson() {
        JsonArray all = new JsonArray();
        for (StorageFault f : storageFaults.faults()) {
            JsonObject o = new JsonObject();
            if (f.topic() != null) {
                o.addProperty("topic", f.topic());
            }
            addIf(o, "partition", f.partition());
            o.addProperty("fail", f.writes() && f.reads() ? "all" : f.writes() ? "writes" : "reads");
            all.add(o);
        }
        return all;
    }

    private JsonObject clockJson() {
        JsonObject o = new JsonObject();
        o.addProperty("nowMs", clock.millis());
        o.addProperty("paused", clock.isPaused());
        return o;
    }
}
