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

import io.skiff.broker.extension.RecordDecoder;
import io.skiff.console.view.RecordBrowser;
import io.skiff.console.view.SchemaDecoding;
import java.util.Optional;

/** A partition's records with the browse form, and the produce form. Stateless. */
final class RecordsPage {
    private RecordsPage() {}

    /** What the user asked for, as the form shows it again. */
    record Query(int partition, String from, String at, int limit, String search, Bytes format) {}

    /** A key or value as the query asks: through the registry's decoder for {@link Bytes#REGISTRY}. */
    private static String show(SchemaDecoding schemas, String topic, boolean key, Query q, byte[] bytes) {
        if (q.format() == Bytes.REGISTRY) {
            Optional<RecordDecoder.Decoded> decoded = schemas.decode(topic, key, bytes);
            if (decoded.isPresent()) {
                return decoded.get().text() + "\n(" + decoded.get().format() + ", schema id "
                        + decoded.get().schemaId() + ")";
            }
        }
        return q.format().render(bytes);
    }

    static String render(String topic, int partitions, Query q, RecordBrowser.Page page, SchemaDecoding schemas) {
        String path = "/topics/" + Html.url(topic);
        StringBuilder h = new StringBuilder();
        h.append("<p><a href=\"")
                .append(esc(path))
                .append("\">← topic ")
                .append(esc(topic))
                .append("</a></p>");
        h.append("<form method=\"get\" action=\"")
                .append(esc(path))
                .append("/records\" class=\"inline\" id=\"browse\"><label>Partition <select name=\"partition\">");
        for (int p = 0; p < partitions; p++) {
            h.append("<option value=\"")
                    .append(p)
                    .append('"')
                    .append(p == q.partition() ? " selected" : "")
                    .append('>')
                    .append(p)
                    .append("</option>");
        }
        h.append("</select></label> <label>From <select name=\"from\">");
        String[][] froms = {
            {"beginning", "the beginning"},
            {"end", "the end (tail, live)"},
            {"offset", "an offset"},
            {"timestamp", "a time"}
        };
        for (String[] f : froms) {
            h.append("<option value=\"")
                    .append(f[0])
                    .append('"')
                    .append(f[0].equals(q.from()) ? " selected" : "")
                    .append('>')
                    .append(f[1])
                    .append("</option>");
        }
        h.append("</select></label> <label>Offset or time <input name=\"at\" size=\"24\" value=\"")
                .append(esc(q.at()))
                .append("\" placeholder=\"42 or 2026-01-31T12:00:00Z\"></label> <label>Records <input name=\"limit\" ")
                .append("type=\"number\" min=\"1\" max=\"")
                .append(RecordBrowser.MAX_RECORDS)
                .append("\" value=\"")
                .append(q.limit())
                .append("\"></label> <label>Containing <input type=\"search\" name=\"q\" value=\"")
                .append(esc(q.search()))
                .append("\"></label> <label>Show as <select name=\"format\">");
        for (Bytes b : Bytes.values()) {
            h.append("<option value=\"")
                    .append(b.name().toLowerCase())
                    .append('"')
                    .append(b == q.format() ? " selected" : "")
                    .append('>')
                    .append(b.name().toLowerCase())
                    .append("</option>");
        }
        h.append("</select></label> <button>Show</button></form>");

        h.append("<section id=\"records\" data-live><p class=\"offsets\">Partition ")
                .append(page.partition())
                .append(": log start ")
                .append(page.logStartOffset())
                .append(", end ")
                .append(page.logEndOffset())
                .append(", last stable ")
                .append(page.lastStableOffset())
                .append(". ")
                .append(page.records().size())
                .append(page.records().size() == 1 ? " record" : " records")
                .append(" from offset ")
                .append(page.firstOffsetAsked())
                .append(".</p><table class=\"data records\" id=\"record-table\"><thead><tr>")
                .append("<th scope=\"col\" class=\"num\">Offset</th><th scope=\"col\">Timestamp</th>")
                .append("<th scope=\"col\">Key</th><th scope=\"col\">Value</th><th scope=\"col\">Headers</th>")
                .append("<th scope=\"col\">Transaction</th></tr></thead><tbody>");
        for (RecordBrowser.RecordView r : page.records()) {
            h.append("<tr data-offset=\"")
                    .append(r.offset())
                    .append("\" class=\"txn-")
                    .append(r.transaction())
                    .append("\"><td class=\"num\">")
                    .append(r.offset())
                    .append("</td><td>")
                    .append(esc(Html.time(r.timestamp())))
                    .append("</td><td><pre class=\"key\">")
                    .append(esc(show(schemas, topic, true, q, r.key())))
                    .append("</pre></td><td><pre class=\"value\">")
                    .append(esc(show(schemas, topic, false, q, r.value())))
                    .append("</pre></td><td>");
            for (RecordBrowser.HeaderView header : r.headers()) {
                h.append("<div class=\"header\"><span class=\"hkey\">")
                        .append(esc(Bytes.text(header.key().getBytes(java.nio.charset.StandardCharsets.UTF_8))))
                        .append("</span>: <span class=\"hvalue\">")
                        .append(esc(q.format().render(header.value())))
                        .append("</span></div>");
            }
            h.append("</td><td class=\"txn\">")
                    .append(r.transaction().equals("none") ? "" : esc(r.transaction()))
                    .append("</td></tr>");
        }
        if (page.records().isEmpty()) {
            h.append("<tr><td colspan=\"6\">No records here.</td></tr>");
        }
        h.append("</tbody></table></section>");

        h.append("<h2>Produce a record</h2><form method=\"post\" action=\"")
                .append(esc(path))
                .append("/records\" class=\"stack\" id=\"produce\"><label>Partition <select name=\"partition\">")
                .append("<option value=\"-1\">by key</option>");
        for (int p = 0; p < partitions; p++) {
            h.append("<option value=\"").append(p).append("\">").append(p).append("</option>");
        }
        h.append("</select></label><label>Key (empty: none) <input name=\"key\" id=\"produce-key\"></label>")
                .append("<label>Value <textarea name=\"value\" id=\"produce-value\" rows=\"3\"></textarea></label>")
                .append(
                        "<label>Headers, one key=value a line <textarea name=\"headers\" rows=\"2\"></textarea></label>")
                .append("<input type=\"hidden\" name=\"back\" value=\"")
                .append(esc(path + "/records?partition=" + q.partition() + "&from=end"))
                .append("\"><button id=\"produce-button\">Produce</button></form>");
        return h.toString();
    }
}
