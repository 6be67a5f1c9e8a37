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

import io.skiff.broker.diagnostics.FaultRuleView;
import io.skiff.broker.diagnostics.FetchSessionView;
import io.skiff.console.view.InternalsViews;

/** The broker's fetch sessions and fault rules: state no Kafka request shows. Stateless. */
final class InternalsPage {
    private InternalsPage() {}

    static String render(InternalsViews.Internals internals) {
        StringBuilder h = new StringBuilder();
        h.append("<section id=\"fetch-sessions\" data-live><h2>Fetch sessions (")
                .append(internals.fetchSessions().size())
                .append(")</h2><p class=\"hint\">Incremental fetch sessions (KIP-227): the partitions a client's ")
                .append("incremental fetches read although each names only what changed.</p>")
                .append("<table class=\"data\" id=\"fetch-session-table\"><thead><tr>")
                .append("<th scope=\"col\" class=\"num\">Node</th><th scope=\"col\" class=\"num\">Session id</th>")
                .append("<th scope=\"col\" class=\"num\">Epoch</th>")
                .append("<th scope=\"col\">Fetcher</th><th scope=\"col\">Topics by</th>")
                .append("<th scope=\"col\">Opened</th><th scope=\"col\">Idle</th>")
                .append("<th scope=\"col\" class=\"num\">Partitions</th><th scope=\"col\">Partitions read</th>")
                .append("</tr></thead><tbody>");
        for (FetchSessionView s : internals.fetchSessions()) {
            h.append("<tr data-node=\"")
                    .append(s.nodeId())
                    .append("\" data-session=\"")
                    .append(s.id())
                    .append("\"><td class=\"num\">")
                    .append(s.nodeId())
                    .append("</td><td class=\"num\">")
                    .append(s.id())
                    .append("</td><td class=\"num\">")
                    .append(s.epoch())
                    .append("</td><td>")
                    .append(s.privileged() ? "follower" : "consumer")
                    .append("</td><td>")
                    .append(s.usesTopicIds() ? "id" : "name")
                    .append("</td><td>")
                    .append(esc(Html.duration(Math.max(0, internals.nowMs() - s.creationMs()))))
                    .append(" ago</td><td>")
                    .append(esc(Html.duration(Math.max(0, internals.nowMs() - s.lastUsedMs()))))
                    .append("</td><td class=\"num\">")
                    .append(s.partitions().size())
                    .append("</td><td class=\"partitions\">")
                    .append(esc(String.join(", ", s.partitions())))
                    .append("</td></tr>");
        }
        if (internals.fetchSessions().isEmpty()) {
            h.append("<tr><td colspan=\"9\">No fetch session is open.</td></tr>");
        }
        h.append("</tbody></table></section>");
        h.append("<section id=\"fault-rules\" data-live><h2>Fault rules (")
                .append(internals.faultRules().size())
                .append(
                        ")</h2><p class=\"hint\">The test control's injected faults (<code>SkiffServer.faults()</code>, ")
                .append("the test kit, <code>skiff.control.listener</code>), spent ones until removed.</p>")
                .append("<table class=\"data\" id=\"fault-rule-table\"><thead><tr><th scope=\"col\">Rule</th>")
                .append("<th scope=\"col\">Matches</th><th scope=\"col\">Action</th>")
                .append("<th scope=\"col\" class=\"num\">Applied</th><th scope=\"col\">State</th></tr></thead><tbody>");
        for (FaultRuleView r : internals.faultRules()) {
            h.append("<tr data-rule=\"")
                    .append(esc(r.id()))
                    .append("\"><td>")
                    .append(esc(r.id()))
                    .append("</td><td>")
                    .append(r.matches().isEmpty() ? "every request" : esc(r.matches()))
                    .append("</td><td>")
                    .append(esc(r.action()))
                    .append("</td><td class=\"num\">")
                    .append(r.applied())
                    .append(r.count() == null ? "" : " of " + r.count())
                    .append("</td><td>")
                    .append(r.active() ? "active" : "spent")
                    .append("</td></tr>");
        }
        if (internals.faultRules().isEmpty()) {
            h.append("<tr><td colspan=\"5\">No fault rule.</td></tr>");
        }
        h.append("</tbody></table></section>");
        return h.toString();
    }
}
