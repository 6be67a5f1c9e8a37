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

import io.skiff.console.action.OffsetReset;
import io.skiff.console.view.GroupViews;
import java.util.List;

/** The group list with lag, a group's members and offsets with lag bars, and the reset form. Stateless. */
final class GroupPages {
    private GroupPages() {}

    static String list(List<GroupViews.GroupSummary> groups) {
        long max = Math.max(
                1, groups.stream().mapToLong(GroupViews.GroupSummary::lag).max().orElse(1));
        StringBuilder h = new StringBuilder();
        h.append("<section id=\"groups\" data-live><table class=\"data\" id=\"group-table\"><thead><tr>")
                .append("<th scope=\"col\">Group</th><th scope=\"col\">Type</th><th scope=\"col\">State</th>")
                .append("<th scope=\"col\" class=\"num\">Members</th><th scope=\"col\" class=\"num\">Lag</th>")
                .append("<th scope=\"col\">Lag bar</th></tr></thead><tbody>");
        for (GroupViews.GroupSummary g : groups) {
            h.append("<tr data-group=\"")
                    .append(esc(g.groupId()))
                    .append("\"><td><a href=\"/group?id=")
                    .append(esc(Html.url(g.groupId())))
                    .append("\">")
                    .append(esc(g.groupId()))
                    .append("</a></td><td>")
                    .append(esc(g.type()))
                    .append("</td><td>")
                    .append(esc(g.state()))
                    .append("</td><td class=\"num\">")
                    .append(g.members())
                    .append("</td><td class=\"num lag\">")
                    .append(g.lag())
                    .append("</td><td>")
                    .append(meter(g.lag(), max))
                    .append("</td></tr>");
        }
        if (groups.isEmpty()) {
            h.append("<tr><td colspan=\"6\">No groups.</td></tr>");
        }
        h.append("</tbody></table></section>");
        return h.toString();
    }

    /** A share group's records in flight: who holds a lock is the consumer the record was delivered to. */
    private static void inFlight(StringBuilder h, List<GroupViews.InFlightRecord> records) {
        h.append("<h2>Records in flight</h2><p>Share-partition locks: records between a share-partition's start and")
                .append(" end offsets, acquired (locked by a consumer until it acknowledges, releases or its lock")
                .append(" times out), acknowledged, archived or available again, with their delivery counts (at most ")
                .append(GroupViews.MAX_IN_FLIGHT)
                .append(").</p><table class=\"data\" id=\"inflight-table\"><thead><tr>")
                .append("<th scope=\"col\">Topic</th><th scope=\"col\" class=\"num\">Partition</th>")
                .append("<th scope=\"col\" class=\"num\">Offset</th><th scope=\"col\">State</th>")
                .append("<th scope=\"col\" class=\"num\">Deliveries</th></tr></thead><tbody>");
        for (GroupViews.InFlightRecord r : records) {
            h.append("<tr data-offset=\"")
                    .append(esc(r.topic() + "-" + r.partition() + "@" + r.offset()))
                    .append("\"><td>")
                    .append(esc(r.topic()))
                    .append("</td><td class=\"num\">")
                    .append(r.partition())
                    .append("</td><td class=\"num\">")
                    .append(r.offset())
                    .append("</td><td class=\"state\">")
                    .append(esc(r.state()))
                    .append("</td><td class=\"num deliveries\">")
                    .append(r.deliveryCount())
                    .append("</td></tr>");
        }
        if (records.isEmpty()) {
            h.append("<tr><td colspan=\"5\">No records in flight.</td></tr>");
        }
        h.append("</tbody></table>");
    }

    static String detail(
            GroupViews.GroupDetail d, List<GroupViews.InFlightRecord> inFlight, List<OffsetReset.Planned> plan) {
        GroupViews.GroupSummary g = d.summary();
        StringBuilder h = new StringBuilder();
        h.append("<section id=\"group\" data-live><p>")
                .append(esc(g.type()))
                .append(" group, state <strong id=\"group-state\">")
                .append(esc(g.state()))
                .append("</strong>, total lag <strong id=\"group-lag\">")
                .append(g.lag())
                .append("</strong>.</p><h2>Members</h2><table class=\"data\" id=\"member-table\"><thead><tr>")
                .append("<th scope=\"col\">Member</th><th scope=\"col\">Client id</th><th scope=\"col\">Host</th>")
                .append("<th scope=\"col\">Assignment</th></tr></thead><tbody>");
        for (GroupViews.MemberView m : d.members()) {
            h.append("<tr><td><code>")
                    .append(esc(m.memberId()))
                    .append("</code></td><td>")
                    .append(esc(m.clientId()))
                    .append("</td><td>")
                    .append(esc(m.clientHost()))
                    .append("</td><td>")
                    .append(esc(m.assignment()))
                    .append("</td></tr>");
        }
        if (d.members().isEmpty()) {
            h.append("<tr><td colspan=\"4\">No members.</td></tr>");
        }
        long max = Math.max(
                1,
                d.offsets().stream().mapToLong(GroupViews.OffsetView::lag).max().orElse(1));
        h.append("</tbody></table><h2>Offsets and lag</h2><table class=\"data\" id=\"offset-table\"><thead><tr>")
                .append("<th scope=\"col\">Topic</th><th scope=\"col\" class=\"num\">Partition</th>")
                .append("<th scope=\"col\" class=\"num\">Committed</th><th scope=\"col\" class=\"num\">End</th>")
                .append("<th scope=\"col\" class=\"num\">Lag</th><th scope=\"col\">Lag bar</th></tr></thead><tbody>");
        for (GroupViews.OffsetView o : d.offsets()) {
            h.append("<tr data-partition=\"")
                    .append(esc(o.topic() + "-" + o.partition()))
                    .append("\"><td><a href=\"/topics/")
                    .append(esc(Html.url(o.topic())))
                    .append("\">")
                    .append(esc(o.topic()))
                    .append("</a></td><td class=\"num\">")
                    .append(o.partition())
                    .append("</td><td class=\"num\">")
                    .append(o.committed())
                    .append("</td><td class=\"num\">")
                    .append(o.endOffset())
                    .append("</td><td class=\"num lag\">")
                    .append(o.lag())
                    .append("</td><td>")
                    .append(meter(o.lag(), max))
                    .append("</td></tr>");
        }
        if (d.offsets().isEmpty()) {
            h.append("<tr><td colspan=\"6\">No committed offsets.</td></tr>");
        }
        h.append("</tbody></table>");
        if (g.type().equals("share")) {
            inFlight(h, inFlight);
        }
        h.append("</section>");
        if (plan != null) {
            h.append("<h2>Reset plan (dry run)</h2><table class=\"data\" id=\"plan-table\"><thead><tr>")
                    .append("<th scope=\"col\">Topic</th><th scope=\"col\" class=\"num\">Partition</th>")
                    .append("<th scope=\"col\" class=\"num\">Current</th><th scope=\"col\" class=\"num\">New</th>")
                    .append("</tr></thead><tbody>");
            for (OffsetReset.Planned p : plan) {
                h.append("<tr><td>")
                        .append(esc(p.topic()))
                        .append("</td><td class=\"num\">")
                        .append(p.partition())
                        .append("</td><td class=\"num\">")
                        .append(p.current() < 0 ? "none" : String.valueOf(p.current()))
                        .append("</td><td class=\"num\">")
                        .append(p.target())
                        .append("</td></tr>");
            }
            h.append("</tbody></table>");
        }
        h.append(
                        g.type().equals("share")
                                ? "<h2>Reset offsets</h2><p id=\"reset-note\">Moves each share-partition's start offset"
                                        + " and forgets its in-flight records, as kafka-share-groups --reset-offsets"
                                        + " does; only while the group has no members.</p>"
                                : "<h2>Reset offsets</h2><p id=\"reset-note\">Only while the group has no members,"
                                        + " as kafka-consumer-groups requires.</p>")
                .append("<form method=\"post\" action=\"/group/reset\" class=\"stack\" id=\"reset\">")
                .append("<input type=\"hidden\" name=\"id\" value=\"")
                .append(esc(g.groupId()))
                .append("\"><label>Topic <input name=\"topic\" required></label><label>To <select name=\"to\">")
                .append("<option>earliest</option><option>latest</option><option>offset</option>")
                .append("<option>timestamp</option></select></label><label>Offset or time (epoch ms) ")
                .append("<input name=\"at\"></label><div><button name=\"mode\" value=\"dry-run\">Dry run</button> ")
                .append("<button name=\"mode\" value=\"execute\" class=\"danger\">Execute</button></div></form>");
        return h.toString();
    }

    /** A lag bar: a meter element, which needs no style attribute (the pages forbid inline styles). */
    private static String meter(long lag, long max) {
        return "<meter min=\"0\" max=\"" + max + "\" value=\"" + lag + "\" aria-label=\"lag " + lag + "\">" + lag
                + "</meter>";
    }
}
