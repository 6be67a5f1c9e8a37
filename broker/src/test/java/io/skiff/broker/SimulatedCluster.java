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

import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;

/** A simulated cluster of three nodes on racks a, b and c, with an Admin client on it: what a test class shares. */
record SimulatedCluster(SkiffServer server, Admin admin) implements AutoCloseable {
    /** Starts the cluster with {@code config} on top of the three nodes and their racks. */
    static SimulatedCluster start(Map<String, String> config) {
        SkiffServer server = SkiffServer.builder()
                .nodes(3)
                .config("skiff.simulated.racks", "a,b,c")
                .config(config)
                .start();
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, server.bootstrapServers());
        return new SimulatedCluster(server, Admin.create(props));
    }

    /** Closes the Admin client, then the cluster; {@code cluster} may be null when its start failed. */
    static void close(SimulatedCluster cluster) {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Override
    public void close() {
        admin.close();
        server.close();
    }
}
