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

import static io.skiff.console.page.Html.esc;

import io.skiff.console.view.ConnectionViews;
import java.util.List;
import java.util.Map;

/** Connected clients and the requests per API. Stateless. */
final class ConnectionsPage {
    private ConnectionsPage() {}

    /** {@code severalNodes}: a simulated cluster, whose connections are shown with the node they are to. */
    static String render(
            List<ConnectionViews.ConnectionView> connections,
            List<ConnectionViews.ApiRequests> apis,
            boolean severalNodes) {
        int columns = severalNodes ? 10 : 9;
        StringBuilder h = new StringBuilder();
        h.append("<section id=\"connections\" data-live><h2>Connected clients (")
                .append(connections.size())
                .append(")</h2><table class=\"data\" id=\"connection-table\"><thead><tr>")
                .append(severalNodes ? "<th scope=\"col\" class=\"num\">Node</th>" : "")
                .append("<th scope=\"col\">Client id</th><th scope=\"col\">Software</th>")
                .append("<th scope=\"col\">Listener</th><th scope=\"col\">Principal</th>")
                .append("<th scope=\"col\">Address</th><th scope=\"col\">Connected for</th>")
                .append("<th scope=\"col\">Idle</th><th scope=\"col\" class=\"num\">Requests</th>")
                .append("<th scope=\"col\">Per API</th></tr></thead><tbody>");
        for (ConnectionViews.ConnectionView c : connections) {
            h.append("<tr data-client=\"").append(esc(c.clientId())).append("\">");
            if (severalNodes) {
                h.append("<td class=\"num\">").append(c.node()).append("</td>");
            }
            h.append("<td>")
                    .append(esc(c.clientId()))
                    .append("</td><td>")
                    .append(esc(c.softwareName() + " " + c.softwareVersion()))
                    .append("</td><td>")
                    .append(esc(c.listener()))
                    .append("</td><td>")
                    .append(esc(c.principal()))
                    .append("</td><td>")
                    .append(esc(c.remoteAddress()))
                    .append("</td><td>")
                    .append(esc(Html.duration(c.connectedMs())))
                    .append("</td><td>")
                    .append(c.idleMs() < 0 ? "" : esc(Html.duration(c.idleMs())))
                    .append("</td><td class=\"num\">")
                    .append(c.totalRequests())
                    .append("</td><td>");
            StringBuilder perApi = new StringBuilder();
            for (Map.Entry<String, Long> e : c.requests().entrySet()) {
                perApi.append(perApi.length() == 0 ? "" : ", ")
                        .append(e.getKey())
                        .append(' ')
                        .append(e.getValue());
            }
            h.append(esc(perApi)).append("</td></tr>");
        }
        if (connections.isEmpty()) {
            h.append("<tr><td colspan=\"").append(columns).append("\">No client is connected.</td></tr>");
        }
        h.append("</tbody></table><h2>Requests per API since start</h2>")
                .append("<table class=\"data\" id=\"api-table\"><thead><tr><th scope=\"col\">API</th>")
                .append("<th scope=\"col\" class=\"num\">Key</th><th scope=\"col\" class=\"num\">Requests</th>")
                .append("</tr></thead><tbody>");
        for (ConnectionViews.ApiRequests a : apis) {
            h.append("<tr><td>")
                    .append(esc(a.api()))
                    .append("</td><td class=\"num\">")
                    .append(a.apiKey())
                    .append("</td><td class=\"num\">")
                    .append(a.requests())
                    .append("</td></tr>");
        }
        if (apis.isEmpty()) {
            h.append("<tr><td colspan=\"3\">No requests yet.</td></tr>");
        }
        h.append("</tbody></table></section>");
        return h.toString();
    }
}
