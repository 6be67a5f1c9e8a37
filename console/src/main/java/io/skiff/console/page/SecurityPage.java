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

import io.skiff.console.view.SecurityViews;
import java.util.Map;

/** ACLs, SCRAM users and client quotas, read only. Stateless. */
final class SecurityPage {
    private SecurityPage() {}

    static String render(SecurityViews.SecurityView s) {
        StringBuilder h = new StringBuilder();
        h.append("<section id=\"security\" data-live><h2>ACLs</h2>");
        if (!s.authorizer()) {
            h.append("<p id=\"no-authorizer\">No authorizer is configured (<code>authorizer.class.name</code>): ")
                    .append("every request is allowed.</p>");
        }
        h.append("<table class=\"data\" id=\"acl-table\"><thead><tr><th scope=\"col\">Resource</th>")
                .append("<th scope=\"col\">Name</th><th scope=\"col\">Pattern</th><th scope=\"col\">Principal</th>")
                .append("<th scope=\"col\">Host</th><th scope=\"col\">Operation</th><th scope=\"col\">Permission</th>")
                .append("</tr></thead><tbody>");
        for (SecurityViews.AclView a : s.acls()) {
            h.append("<tr>");
            for (String cell : new String[] {
                a.resourceType(),
                a.resourceName(),
                a.patternType(),
                a.principal(),
                a.host(),
                a.operation(),
                a.permission()
            }) {
                h.append("<td>").append(esc(cell)).append("</td>");
            }
            h.append("</tr>");
        }
        if (s.acls().isEmpty()) {
            h.append("<tr><td colspan=\"7\">No ACLs.</td></tr>");
        }
        h.append("</tbody></table><h2>SCRAM users</h2><table class=\"data\" id=\"user-table\"><thead><tr>")
                .append(
                        "<th scope=\"col\">User</th><th scope=\"col\">Mechanisms (iterations)</th></tr></thead><tbody>");
        for (SecurityViews.UserView u : s.users()) {
            StringBuilder mechanisms = new StringBuilder();
            for (Map.Entry<String, Integer> m : u.mechanisms().entrySet()) {
                mechanisms
                        .append(mechanisms.length() == 0 ? "" : ", ")
                        .append(m.getKey())
                        .append(" (")
                        .append(m.getValue())
                        .append(')');
            }
            h.append("<tr><td>")
                    .append(esc(u.user()))
                    .append("</td><td>")
                    .append(esc(mechanisms))
                    .append("</td></tr>");
        }
        if (s.users().isEmpty()) {
            h.append("<tr><td colspan=\"2\">No SCRAM users.</td></tr>");
        }
        h.append("</tbody></table><h2>Client quotas</h2><table class=\"data\" id=\"quota-table\"><thead><tr>")
                .append("<th scope=\"col\">Entity</th><th scope=\"col\">Quotas</th></tr></thead><tbody>");
        for (SecurityViews.QuotaView q : s.quotas()) {
            StringBuilder values = new StringBuilder();
            for (Map.Entry<String, Double> v : q.quotas().entrySet()) {
                values.append(values.length() == 0 ? "" : ", ")
                        .append(v.getKey())
                        .append('=')
                        .append(v.getValue());
            }
            h.append("<tr><td>")
                    .append(esc(q.entity()))
                    .append("</td><td>")
                    .append(esc(values))
                    .append("</td></tr>");
        }
        if (s.quotas().isEmpty()) {
            h.append("<tr><td colspan=\"2\">No client quotas.</td></tr>");
        }
        h.append("</tbody></table></section>");
        return h.toString();
    }
}
