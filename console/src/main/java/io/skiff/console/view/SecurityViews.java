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
package io.skiff.console.view;

import io.skiff.broker.handler.BrokerContext;
import io.skiff.broker.quota.ClientQuotaEntity;
import io.skiff.broker.security.acl.AclBinding;
import io.skiff.broker.security.acl.StandardAuthorizer;
import io.skiff.broker.security.sasl.ScramCredential;
import io.skiff.broker.security.sasl.ScramCredentialStore;
import io.skiff.broker.security.sasl.ScramMechanism;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the broker's security holds, read only: ACLs, SCRAM users (mechanism and iterations, never a key or salt) and
 * client quotas. Stateless and thread-safe.
 */
public final class SecurityViews {

    /**
     * One ACL in kafka-acls' words: as {@code --list} shows it, and as the forms and the API give one to add or
     * remove (names of Kafka's enums, any case).
     */
    public record AclView(
            String resourceType,
            String resourceName,
            String patternType,
            String principal,
            String host,
            String operation,
            String permission) {}

    /** A SCRAM user with each mechanism it has a credential for and that credential's iterations. */
    public record UserView(String user, Map<String, Integer> mechanisms) {}

    /** One quota entity with its limits, as {@code kafka-configs --describe --entity-type users/clients}. */
    public record QuotaView(String entity, Map<String, Double> quotas) {}

    /** Whether an authorizer is on, and what is stored. */
    public record SecurityView(boolean authorizer, List<AclView> acls, List<UserView> users, List<QuotaView> quotas) {}

    private final BrokerContext broker;

    public SecurityViews(BrokerContext broker) {
        this.broker = broker;
    }

    public SecurityView security() {
        StandardAuthorizer authorizer = broker.security().authorizer();
        List<AclView> acls = new ArrayList<>();
        if (authorizer != null) {
            for (AclBinding b : authorizer.store().bindings()) {
                acls.add(new AclView(
                        b.resourceType().name(),
                        b.resourceName(),
                        b.patternType().name(),
                        b.principal(),
                        b.host(),
                        b.operation().name(),
                        b.permission().name()));
            }
            acls.sort(Comparator.comparing(AclView::resourceType)
                    .thenComparing(AclView::resourceName)
                    .thenComparing(AclView::principal)
                    .thenComparing(AclView::operation));
        }
        List<UserView> users = new ArrayList<>();
        ScramCredentialStore scram = broker.security().scramCredentials();
        if (scram != null) {
            for (Map.Entry<String, Map<ScramMechanism, ScramCredential>> e : new TreeMap<>(scram.all()).entrySet()) {
                Map<String, Integer> mechanisms = new TreeMap<>();
                e.getValue().forEach((m, c) -> mechanisms.put(m.mechanismName(), c.iterations()));
                users.add(new UserView(e.getKey(), mechanisms));
            }
        }
        List<QuotaView> quotas = new ArrayList<>();
        for (Map.Entry<ClientQuotaEntity, Map<String, Double>> e :
                broker.clientQuotas().all().entrySet()) {
            quotas.add(new QuotaView(e.getKey().toString(), new TreeMap<>(e.getValue())));
        }
        quotas.sort(Comparator.comparing(QuotaView::entity));
        return new SecurityView(authorizer != null, acls, users, quotas);
    }
}
