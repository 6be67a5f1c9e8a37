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
package io.skiff.broker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The control listener's node and leader paths on a simulated three-node cluster. */
class SimulatedNodesHttpTest {
    private static SkiffServer kafka;
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @BeforeAll
    static void start() {
        kafka = SkiffServer.builder()
                .nodes(3)
                .config("default.replication.factor", "3")
                .controlListener("http://127.0.0.1:0")
                .start();
        kafka.createTopic("moved", 1);
    }

    @AfterAll
    static void stop() {
        if (kafka != null) {
            kafka.close();
        }
    }

    @Test
    void aLeaderMovesToTheNodeAsked() throws Exception {
        int leader = kafka.nodes().leader("moved", 0);
        int other = leader == 3 ? 2 : 3;
        HttpResponse<String> moved = post("/v1/partitions/moved/0/leader", "{\"node\": " + other + "}");
        assertEquals(200, moved.statusCode(), moved.body());
        assertTrue(moved.body().contains("\"leader\":" + other), moved.body());
        assertEquals(other, kafka.nodes().leader("moved", 0));

        HttpResponse<String> unknown = post("/v1/partitions/moved/0/leader", "{\"node\": 9}");
        assertEquals(409, unknown.statusCode(), unknown.body());
        assertEquals(
                404, post("/v1/partitions/nowhere/0/leader", "{\"node\": 1}").statusCode());
    }

    @Test
    void aNodeStopsAndStartsAgain() throws Exception {
        int leader = kafka.nodes().leader("moved", 0);
        HttpResponse<String> stopped = post("/v1/nodes/" + leader + "/stop", "");
        assertEquals(200, stopped.statusCode(), stopped.body());
        assertTrue(stopped.body().contains("\"running\":false"), stopped.body());
        assertFalse(kafka.nodes().isRunning(leader));
        assertNotEquals(leader, kafka.nodes().leader("moved", 0), "its leadership moved");

        HttpResponse<String> started = post("/v1/nodes/" + leader + "/start", "");
        assertEquals(200, started.statusCode(), started.body());
        assertTrue(kafka.nodes().isRunning(leader));
        assertEquals(3, kafka.nodes().replicas("moved", 0).isr().size(), "it rejoined the ISR");
        assertEquals(404, post("/v1/nodes/7/stop", "").statusCode());
    }

    private static HttpResponse<String> post(String path, String body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(
                        URI.create(kafka.controlUrl().orElseThrow() + path))
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .header("Content-Type", "application/json")
                .build();
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    }
}
