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
package io.skiff.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.skiff.broker.SkiffServer;
import io.skiff.testkit.Skiff;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.HashSet;
import java.util.Properties;
import java.util.Set;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/** The console of a simulated cluster lists the clients of every node, each with the node it is connected to. */
@Skiff(console = true, nodes = 3)
class ConsoleSimulatedNodesTest {
    /** Filled in by {@code @Skiff}. */
    private static SkiffServer broker;

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Test
    void aClientOfTheThirdNodeIsListedWithItsNodeAlsoAfterTheNodeRestarts() throws Exception {
        try (Admin admin = adminOfNode(3, "third-node-client")) {
            admin.describeCluster().clusterId().get();
            Awaitility.await().until(() -> nodesOf("third-node-client").contains(3));
            String page = get("/connections").body();
            assertTrue(page.contains("<th scope=\"col\" class=\"num\">Node</th>"), page);
            assertTrue(page.contains("<td class=\"num\">3</td><td>third-node-client</td>"), page);
        }
        broker.nodes().stop(3);
        broker.nodes().start(3);
        try (Admin admin = adminOfNode(3, "restarted-node-client")) {
            admin.describeCluster().clusterId().get();
            Awaitility.await().until(() -> nodesOf("restarted-node-client").contains(3));
        }
    }

    /** An Admin client bootstrapped from node {@code nodeId} only, which its first requests go to. */
    private static Admin adminOfNode(int nodeId, String clientId) {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.nodes().bootstrapServers(nodeId));
        p.put(CommonClientConfigs.CLIENT_ID_CONFIG, clientId);
        return Admin.create(p);
    }

    /** The nodes the console lists connections of {@code clientId} to. */
    private static Set<Integer> nodesOf(String clientId) throws Exception {
        Set<Integer> nodes = new HashSet<>();
        for (JsonElement e :
                JsonParser.parseString(get("/api/connections").body()).getAsJsonArray()) {
            JsonObject c = e.getAsJsonObject();
            if (c.get("clientId").getAsString().equals(clientId)) {
                nodes.add(c.get("node").getAsInt());
            }
        }
        return nodes;
    }

    private static HttpResponse<String> get(String path) throws Exception {
        HttpResponse<String> r = HTTP.send(
                HttpRequest.newBuilder(URI.create(Consoles.url(broker) + path)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        return r;
    }
}
