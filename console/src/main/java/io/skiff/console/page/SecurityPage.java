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

/**
 * ACLs, SCRAM users and client quotas, with forms to change them as kafka-acls and kafka-configs do (each row has its
 * remove button; the add forms are below the live tables, so a refresh never clears what is being typed). Stateless.
 */
final class SecurityPage {
    private SecurityPage() {}

    private static String hidden(String name, String value) {
        return "<input type=\"hidden\" name=\"" + name + "\" value=\"" + esc(value) + "\">";
    }

    private static void forms(StringBuilder h) {
        h.append("<h2>Add an ACL</h2><form method=\"post\" action=\"/security/acls\" class=\"stack\" id=\"acl-add\">")
                .append(select(
                        "Resource type",
                        "resourceType",
                        "TOPIC",
                        "GROUP",
                        "CLUSTER",
                        "TRANSACTIONAL_ID",
                        "DELEGATION_TOKEN",
                        "USER"))
                .append("<label>Resource name <input name=\"resourceName\" id=\"acl-name\"")
                .append(" placeholder=\"orders, or * (kafka-cluster for CLUSTER)\"></label>")
                .append(select("Pattern", "patternType", "LITERAL", "PREFIXED"))
                .append("<label>Principal <input name=\"principal\" id=\"acl-principal\" required")
                .append(" placeholder=\"User:alice\"></label>")
                .append("<label>Host <input name=\"host\" value=\"*\"></label>")
                .append(select(
                        "Operation",
                        "operation",
                        "READ",
                        "WRITE",
                        "CREATE",
                        "DELETE",
                        "ALTER",
                        "DESCRIBE",
                        "CLUSTER_ACTION",
                        "DESCRIBE_CONFIGS",
                        "ALTER_CONFIGS",
                        "IDEMPOTENT_WRITE",
                        "ALL"))
                .append(select("Permission", "permission", "ALLOW", "DENY"))
                .append("<button type=\"submit\">Add ACL</button></form>");
        h.append("<h2>Set a SCRAM user's password</h2>")
                .append("<form method=\"post\" action=\"/security/users\" class=\"stack\" id=\"user-add\">")
                .append("<label>User <input name=\"user\" id=\"scram-user\" required autocomplete=\"off\"></label>")
                .append(select("Mechanism", "mechanism", "SCRAM-SHA-256", "SCRAM-SHA-512"))
                .append("<label>Iterations <input name=\"iterations\" type=\"number\" value=\"8192\" min=\"4096\"")
                .append(" max=\"16384\"></label><label>Password <input name=\"password\" type=\"password\"")
                .append(" id=\"scram-password\" required autocomplete=\"new-password\"></label>")
                .append("<button type=\"submit\">Set password</button></form>");
        h.append("<h2>Set a client quota</h2>")
                .append("<form method=\"post\" action=\"/security/quotas\" class=\"stack\" id=\"quota-set\">")
                .append("<label>Entity <input name=\"entity\" id=\"quota-entity\" required")
                .append(" placeholder=\"user=alice, user=alice,client-id=app, client-id=&lt;default&gt;\"></label>")
                .append(select(
                        "Quota",
                        "key",
                        "producer_byte_rate",
                        "consumer_byte_rate",
                        "request_percentage",
                        "controller_mutation_rate",
                        "connection_creation_rate"))
                .append("<label>Value (empty removes it) <input name=\"value\" id=\"quota-value\"></label>")
                .append("<button type=\"submit\">Set quota</button></form>");
    }

    private static String select(String label, String name, String... options) {
        StringBuilder s = new StringBuilder("<label>")
                .append(label)
                .append(" <select name=\"")
                .append(name)
                .append("\">");
        for (String o : options) {
            s.append("<option>").append(o).append("</option>");
        }
        return s.append("</select></label>").toString();
    }

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
                .append("<th scope=\"col\"><span class=\"sr-only\">Remove</span></th></tr></thead><tbody>");
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
            h.append("<td><form method=\"post\" action=\"/security/acls/remove\" class=\"inline\">")
                    .append(hidden("resourceType", a.resourceType()))
                    .append(hidden("resourceName", a.resourceName()))
                    .append(hidden("patternType", a.patternType()))
                    .append(hidden("principal", a.principal()))
                    .append(hidden("host", a.host()))
                    .append(hidden("operation", a.operation()))
                    .append(hidden("permission", a.permission()))
                    .append("<button type=\"submit\">Remove</button></form></td></tr>");
        }
        if (s.acls().isEmpty()) {
            h.append("<tr><td colspan=\"8\">No ACLs.</td></tr>");
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
            h.append("<tr><td>").append(esc(u.user())).append("</td><td>").append(esc(mechanisms));
            for (String mechanism : u.mechanisms().keySet()) {
                h.append(" <form method=\"post\" action=\"/security/users/delete\" class=\"inline\">")
                        .append(hidden("user", u.user()))
                        .append(hidden("mechanism", mechanism))
                        .append("<button type=\"submit\">Delete ")
                        .append(esc(mechanism))
                        .append("</button></form>");
            }
            h.append("</td></tr>");
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
        forms(h);
        return h.toString();
    }
}
