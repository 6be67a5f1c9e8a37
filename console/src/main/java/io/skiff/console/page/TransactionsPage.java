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

import io.skiff.console.view.TransactionViews;
import java.util.List;

/** Transactional ids with their open transactions, and the producers each partition knows. Stateless. */
final class TransactionsPage {
    private TransactionsPage() {}

    static String render(List<TransactionViews.TransactionView> txns, List<TransactionViews.ProducerView> producers) {
        StringBuilder h = new StringBuilder();
        h.append("<section id=\"transactions\" data-live><h2>Transactional ids</h2>")
                .append("<table class=\"data\" id=\"transaction-table\"><thead><tr>")
                .append("<th scope=\"col\">Transactional id</th><th scope=\"col\">State</th>")
                .append("<th scope=\"col\" class=\"num\">Producer id</th><th scope=\"col\" class=\"num\">Epoch</th>")
                .append(
                        "<th scope=\"col\">Open for</th><th scope=\"col\">Timeout</th><th scope=\"col\">Partitions</th>")
                .append("</tr></thead><tbody>");
        for (TransactionViews.TransactionView t : txns) {
            h.append("<tr><td>")
                    .append(esc(t.transactionalId()))
                    .append("</td><td>")
                    .append(esc(t.state()))
                    .append("</td><td class=\"num\">")
                    .append(t.producerId())
                    .append("</td><td class=\"num\">")
                    .append(t.producerEpoch())
                    .append("</td><td>")
                    .append(t.ageMs() > 0 ? esc(Html.duration(t.ageMs())) : "")
                    .append("</td><td>")
                    .append(esc(Html.duration(t.timeoutMs())))
                    .append("</td><td>")
                    .append(esc(String.join(", ", t.partitions())))
                    .append("</td></tr>");
        }
        if (txns.isEmpty()) {
            h.append("<tr><td colspan=\"7\">No transactional ids.</td></tr>");
        }
        h.append(
                        "</tbody></table><h2>Producers by partition</h2><table class=\"data\" id=\"producer-table\"><thead><tr>")
                .append("<th scope=\"col\">Partition</th><th scope=\"col\" class=\"num\">Producer id</th>")
                .append("<th scope=\"col\" class=\"num\">Epoch</th><th scope=\"col\" class=\"num\">Last sequence</th>")
                .append("<th scope=\"col\">Last write</th><th scope=\"col\" class=\"num\">Open transaction from</th>")
                .append("<th scope=\"col\">Abort</th></tr></thead><tbody>");
        for (TransactionViews.ProducerView p : producers) {
            h.append("<tr data-producer=\"")
                    .append(esc(p.topic() + "-" + p.partition() + "-" + p.producerId()))
                    .append("\"><td>")
                    .append(esc(p.topic() + "-" + p.partition()))
                    .append("</td><td class=\"num\">")
                    .append(p.producerId())
                    .append("</td><td class=\"num\">")
                    .append(p.epoch())
                    .append("</td><td class=\"num\">")
                    .append(p.lastSequence())
                    .append("</td><td>")
                    .append(esc(Html.time(p.lastTimestamp())))
                    .append("</td><td class=\"num\">")
                    .append(p.openTransactionFirstOffset() < 0 ? "" : String.valueOf(p.openTransactionFirstOffset()))
                    .append("</td><td>");
            if (p.openTransactionFirstOffset() >= 0) {
                // kafka-transactions.sh abort --topic --partition --start-offset, for a transaction left hanging
                h.append("<form method=\"post\" action=\"/transactions/abort\" class=\"inline\">")
                        .append("<input type=\"hidden\" name=\"topic\" value=\"")
                        .append(esc(p.topic()))
                        .append("\"><input type=\"hidden\" name=\"partition\" value=\"")
                        .append(p.partition())
                        .append("\"><input type=\"hidden\" name=\"startOffset\" value=\"")
                        .append(p.openTransactionFirstOffset())
                        .append(
                                "\"><button type=\"submit\" class=\"abort\" aria-label=\"Abort the transaction of producer ")
                        .append(p.producerId())
                        .append(" on ")
                        .append(esc(p.topic() + "-" + p.partition()))
                        .append("\">Abort</button></form>");
            }
            h.append("</td></tr>");
        }
        if (producers.isEmpty()) {
            h.append("<tr><td colspan=\"7\">No producers.</td></tr>");
        }
        h.append(
                        "</tbody></table><p class=\"hint\">Abort writes an ABORT marker for the producer's open transaction on that ")
                .append("partition, as <code>kafka-transactions.sh abort</code> does for a hanging transaction; ")
                .append("a producer still using the transaction is not asked.</p></section>");
        return h.toString();
    }
}
