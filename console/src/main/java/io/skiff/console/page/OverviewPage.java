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

import io.skiff.console.view.OverviewView;
import io.skiff.console.view.RateHistory;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/** The overview: identity, listeners, uptime, totals, and the rate charts as inline SVG. Stateless. */
final class OverviewPage {
    private static final int WIDTH = 480;
    private static final int HEIGHT = 90;

    private OverviewPage() {}

    static String render(OverviewView.Overview o, List<RateHistory.Rate> rates) {
        StringBuilder h = new StringBuilder();
        h.append("<section id=\"overview\" data-live><dl class=\"facts\">");
        fact(h, "Cluster id", o.clusterId());
        fact(h, "Node", String.valueOf(o.nodeId()));
        fact(h, "Listeners", String.join(", ", o.listeners()));
        fact(h, "Uptime", Html.duration(o.uptimeMs()));
        fact(h, "Data directory", o.dataDir());
        h.append("</dl><ul class=\"cards\">");
        card(h, "topics", "Topics", String.valueOf(o.topics()), "/topics");
        card(h, "partitions", "Partitions", String.valueOf(o.partitions()), "/topics");
        card(h, "bytes", "Stored", Html.bytes(o.bytes()), "/topics");
        card(h, "groups", "Groups", String.valueOf(o.groups()), "/groups");
        card(h, "transactions", "Open transactions", String.valueOf(o.openTransactions()), "/transactions");
        card(h, "connections", "Connections", String.valueOf(o.connections()), "/connections");
        h.append("</ul><h2>Records per second, last ")
                .append(RateHistory.SAMPLES * RateHistory.INTERVAL_SECONDS / 60)
                .append(" minutes</h2><div class=\"charts\">");
        chart(h, "produce-chart", "Produced (log end offsets)", rates, RateHistory.Rate::produced);
        chart(h, "consume-chart", "Consumed (committed offsets)", rates, RateHistory.Rate::consumed);
        h.append("</div></section>");
        return h.toString();
    }

    private static void fact(StringBuilder h, String name, String value) {
        h.append("<dt>")
                .append(esc(name))
                .append("</dt><dd>")
                .append(esc(value))
                .append("</dd>");
    }

    private static void card(StringBuilder h, String id, String name, String value, String href) {
        h.append("<li><a href=\"")
                .append(href)
                .append("\"><span class=\"value\" id=\"total-")
                .append(id)
                .append("\">")
                .append(esc(value))
                .append("</span> <span class=\"name\">")
                .append(esc(name))
                .append("</span></a></li>");
    }

    private static void chart(
            StringBuilder h,
            String id,
            String title,
            List<RateHistory.Rate> rates,
            ToDoubleFunction<RateHistory.Rate> f) {
        double max = 1;
        for (RateHistory.Rate r : rates) {
            max = Math.max(max, f.applyAsDouble(r));
        }
        double last = rates.isEmpty() ? 0 : f.applyAsDouble(rates.get(rates.size() - 1));
        StringBuilder points = new StringBuilder();
        int n = RateHistory.SAMPLES;
        int offset = n - rates.size();
        for (int i = 0; i < rates.size(); i++) {
            double x = (offset + i) * (WIDTH - 1.0) / (n - 1);
            double y = HEIGHT - 1 - f.applyAsDouble(rates.get(i)) / max * (HEIGHT - 2);
            points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
        }
        h.append("<figure id=\"")
                .append(id)
                .append("\"><figcaption>")
                .append(esc(title))
                .append(": <strong>")
                .append(String.format(Locale.ROOT, "%.1f", last))
                .append("/s</strong> now, peak ")
                .append(String.format(Locale.ROOT, "%.1f", max))
                .append("/s</figcaption><svg role=\"img\" aria-label=\"")
                .append(esc(title))
                .append("\" viewBox=\"0 0 ")
                .append(WIDTH)
                .append(' ')
                .append(HEIGHT)
                .append("\" preserveAspectRatio=\"none\"><rect class=\"frame\" x=\"0\" y=\"0\" width=\"")
                .append(WIDTH)
                .append("\" height=\"")
                .append(HEIGHT)
                .append("\"/><polyline class=\"line\" points=\"")
                .append(points.toString().trim())
                .append("\"/></svg></figure>");
    }
}
