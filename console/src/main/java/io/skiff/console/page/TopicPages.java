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

import io.skiff.console.view.TopicViews;
import java.util.List;

/** The topic list with its filter, and the topic form; a topic's own page. Stateless. */
final class TopicPages {
    private TopicPages() {}

    static String list(List<TopicViews.TopicSummary> topics, String filter) {
        StringBuilder h = new StringBuilder();
        h.append("<form class=\"inline\" method=\"get\" action=\"/topics\" role=\"search\">")
                .append("<label>Filter by name <input type=\"search\" name=\"filter\" id=\"filter\" value=\"")
                .append(esc(filter))
                .append("\"></label> <button>Filter</button></form>");
        h.append("<section id=\"topics\" data-live><table class=\"data\" id=\"topic-table\"><thead><tr>")
                .append("<th scope=\"col\">Topic</th><th scope=\"col\" class=\"num\">Partitions</th>")
                .append("<th scope=\"col\" class=\"num\">Records</th><th scope=\"col\" class=\"num\">Size</th>")
                .append("<th scope=\"col\">Cleanup policy</th><th scope=\"col\">Retention</th></tr></thead><tbody>");
        for (TopicViews.TopicSummary t : topics) {
            h.append("<tr data-topic=\"")
                    .append(esc(t.name()))
                    .append("\"><td><a href=\"/topics/")
                    .append(esc(Html.url(t.name())))
                    .append("\">")
                    .append(esc(t.name()))
                    .append("</a>")
                    .append(t.internal() ? " <span class=\"tag\">internal</span>" : "")
                    .append("</td><td class=\"num\">")
                    .append(t.partitions())
                    .append("</td><td class=\"num\">")
                    .append(t.records())
                    .append("</td><td class=\"num\">")
                    .append(esc(Html.bytes(t.sizeBytes())))
                    .append("</td><td>")
                    .append(esc(t.cleanupPolicy()))
                    .append("</td><td>")
                    .append(esc(Html.limitMs(t.retentionMs())))
                    .append(t.retentionBytes() >= 0 ? " / " + esc(Html.bytes(t.retentionBytes())) : "")
                    .append("</td></tr>");
        }
        if (topics.isEmpty()) {
            h.append("<tr><td colspan=\"6\">No topics")
                    .append(filter.isEmpty() ? "" : " match")
                    .append(".</td></tr>");
        }
        h.append("</tbody></table></section>");
        h.append("<h2>Create a topic</h2><form method=\"post\" action=\"/topics\" class=\"stack\" id=\"create-topic\">")
                .append("<label>Name <input name=\"name\" required pattern=\"[a-zA-Z0-9._\\-]+\" maxlength=\"249\">")
                .append("</label><label>Partitions <input name=\"partitions\" type=\"number\" min=\"1\" value=\"1\">")
                .append("</label><label>Configs, one key=value a line <textarea name=\"configs\" rows=\"3\" ")
                .append("placeholder=\"retention.ms=86400000\"></textarea></label><button>Create</button></form>");
        return h.toString();
    }

    static String detail(TopicViews.TopicDetail d) {
        TopicViews.TopicSummary t = d.summary();
        String path = "/topics/" + Html.url(t.name());
        StringBuilder h = new StringBuilder();
        h.append("<p><a class=\"button\" href=\"")
                .append(esc(path))
                .append("/records\">Browse records</a> <a class=\"button\" href=\"")
                .append(esc(path))
                .append("/records?from=end\">Tail</a></p>");
        h.append("<section id=\"partitions\" data-live><p>Id <code>")
                .append(esc(t.id()))
                .append("</code>, ")
                .append(t.partitions())
                .append(" partitions, ")
                .append(esc(Html.bytes(t.sizeBytes())))
                .append(".</p><table class=\"data\" id=\"partition-table\"><thead><tr>")
                .append("<th scope=\"col\" class=\"num\">Partition</th><th scope=\"col\" class=\"num\">Log start</th>")
                .append("<th scope=\"col\" class=\"num\">Log end</th>")
                .append("<th scope=\"col\" class=\"num\">Last stable</th><th scope=\"col\" class=\"num\">Segments</th>")
                .append("<th scope=\"col\" class=\"num\">Size</th><th scope=\"col\" class=\"num\">Producers</th>")
                .append("</tr></thead><tbody>");
        for (TopicViews.PartitionDetail p : d.partitions()) {
            h.append("<tr><td class=\"num\"><a href=\"")
                    .append(esc(path))
                    .append("/records?partition=")
                    .append(p.partition())
                    .append("\">")
                    .append(p.partition())
                    .append("</a></td><td class=\"num\">")
                    .append(p.logStartOffset())
                    .append("</td><td class=\"num\">")
                    .append(p.logEndOffset())
                    .append("</td><td class=\"num\">")
                    .append(p.lastStableOffset())
                    .append("</td><td class=\"num\">")
                    .append(p.segments())
                    .append("</td><td class=\"num\">")
                    .append(esc(Html.bytes(p.sizeBytes())))
                    .append("</td><td class=\"num\">")
                    .append(p.producers())
                    .append("</td></tr>");
        }
        h.append("</tbody></table></section>");
        h.append("<h2>Configs</h2><table class=\"data\" id=\"config-table\"><thead><tr><th scope=\"col\">Key</th>")
                .append("<th scope=\"col\">Value</th><th scope=\"col\">Source</th></tr></thead><tbody>");
        for (TopicViews.ConfigValue c : d.configs()) {
            h.append(c.override() ? "<tr class=\"override\"" : "<tr")
                    .append(" data-config=\"")
                    .append(esc(c.name()))
                    .append("\"><td>")
                    .append(esc(c.name()))
                    .append("</td><td>")
                    .append(esc(c.value() == null ? "null" : c.value()))
                    .append("</td><td>")
                    .append(
                            c.override()
                                    ? "<strong>override</strong>"
                                    : esc(c.source().toLowerCase()))
                    .append("</td></tr>");
        }
        h.append("</tbody></table>");
        h.append("<h2>Change</h2><div class=\"forms\">");
        h.append("<form method=\"post\" action=\"")
                .append(esc(path))
                .append("/config\" class=\"stack\" id=\"set-config\"><label>Config key <input name=\"key\" required ")
                .append("list=\"config-keys\"></label><datalist id=\"config-keys\">");
        for (TopicViews.ConfigValue c : d.configs()) {
            h.append("<option value=\"").append(esc(c.name())).append("\">");
        }
        h.append("</datalist><label>Value (empty: back to the default) <input name=\"value\"></label>")
                .append("<button>Set</button></form>");
        h.append("<form method=\"post\" action=\"")
                .append(esc(path))
                .append("/partitions\" class=\"stack\" id=\"add-partitions\"><label>Partitions in total <input ")
                .append("name=\"count\" type=\"number\" required min=\"")
                .append(t.partitions() + 1)
                .append("\" value=\"")
                .append(t.partitions() + 1)
                .append("\"></label><button>Add partitions</button></form>");
        h.append("<form method=\"post\" action=\"")
                .append(esc(path))
                .append("/delete\" class=\"stack\" id=\"delete-topic\"><label>Type the topic's name to delete it ")
                .append("<input name=\"confirm\" required autocomplete=\"off\"></label>")
                .append("<button class=\"danger\">Delete topic</button></form></div>");
        return h.toString();
    }
}
