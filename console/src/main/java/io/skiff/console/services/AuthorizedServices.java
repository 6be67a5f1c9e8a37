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
package io.skiff.console.services;

import static io.skiff.broker.security.acl.AclOperation.ALTER;
import static io.skiff.broker.security.acl.AclOperation.ALTER_CONFIGS;
import static io.skiff.broker.security.acl.AclOperation.CLUSTER_ACTION;
import static io.skiff.broker.security.acl.AclOperation.CREATE;
import static io.skiff.broker.security.acl.AclOperation.DELETE;
import static io.skiff.broker.security.acl.AclOperation.DESCRIBE;
import static io.skiff.broker.security.acl.AclOperation.DESCRIBE_CONFIGS;
import static io.skiff.broker.security.acl.AclOperation.READ;
import static io.skiff.broker.security.acl.AclOperation.WRITE;
import static io.skiff.broker.security.acl.ResourceType.CLUSTER;
import static io.skiff.broker.security.acl.ResourceType.GROUP;
import static io.skiff.broker.security.acl.ResourceType.TOPIC;
import static io.skiff.broker.security.acl.ResourceType.TRANSACTIONAL_ID;

import io.skiff.console.action.OffsetReset;
import io.skiff.console.action.RecordProducer;
import io.skiff.console.auth.Caller;
import io.skiff.console.view.ConnectionViews;
import io.skiff.console.view.GroupViews;
import io.skiff.console.view.InternalsViews;
import io.skiff.console.view.OverviewView;
import io.skiff.console.view.RateHistory;
import io.skiff.console.view.RecordBrowser;
import io.skiff.console.view.SecurityViews;
import io.skiff.console.view.TopicViews;
import io.skiff.console.view.TransactionViews;
import io.skiff.record.Header;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The console's views and actions as one caller may see and do them, each checked as the Kafka request that shows or
 * does the same would be: a topic is listed with Describe (Metadata), its records read with Read (Fetch), produced
 * to with Write (Produce); created with Create on the cluster or the topic, deleted with Delete, grown with Alter,
 * reconfigured with AlterConfigs, its configs shown with DescribeConfigs; a group listed and shown with Describe
 * (ListGroups, DescribeGroups; its offsets only for topics the caller may Describe, as OffsetFetch), its offsets
 * reset with Read on the group and the topic (OffsetCommit); a transactional id listed with Describe
 * (ListTransactions), a partition's producers with Read on the topic (DescribeProducers), a transaction aborted with
 * ClusterAction (WriteTxnMarkers, what kafka-transactions abort sends); ACLs, users, connections and the broker's
 * rates with Describe on the cluster (DescribeAcls, DescribeUserScramCredentials); ACLs and SCRAM users changed with
 * Alter on the cluster (CreateAcls, DeleteAcls, AlterUserScramCredentials), quotas with AlterConfigs on it
 * (AlterClientQuotas). What a list may not show is left
 * out; what a request may not do or see is 403 with Kafka's message. Stateless over the services.
 */
public final class AuthorizedServices {
    private final ConsoleServices services;
    private final Caller caller;

    AuthorizedServices(ConsoleServices services, Caller caller) {
        this.services = services;
        this.caller = caller;
    }

    /** The overview; without Describe on the cluster, totals over what the caller may see and no data directory. */
    public OverviewView.Overview overview() {
        OverviewView.Overview all = services.overview().overview();
        if (caller.mayOnCluster(DESCRIBE)) {
            return all;
        }
        List<TopicViews.TopicSummary> topics = topics("");
        return new OverviewView.Overview(
                all.clusterId(),
                all.nodeId(),
                all.listeners(),
                all.uptimeMs(),
                "",
                topics.size(),
                topics.stream().mapToInt(TopicViews.TopicSummary::partitions).sum(),
                topics.stream().mapToLong(TopicViews.TopicSummary::sizeBytes).sum(),
                groups().size(),
                transactions().stream().filter(t -> t.ageMs() > 0).count(),
                0);
    }

    /** The broker-wide rates; none without Describe on the cluster. */
    public List<RateHistory.Rate> rates() {
        return caller.mayOnCluster(DESCRIBE) ? services.rates().rates() : List.of();
    }

    public List<TopicViews.TopicSummary> topics(String filter) {
        return services.topics().list(filter).stream()
                .filter(t -> caller.may(DESCRIBE, TOPIC, t.name()))
                .toList();
    }

    /** A topic; 403 without Describe (before its existence is told), its configs only with DescribeConfigs. */
    public Optional<TopicViews.TopicDetail> topic(String name) {
        caller.require(DESCRIBE, TOPIC, name);
        Optional<TopicViews.TopicDetail> detail = services.topics().detail(name);
        if (detail.isPresent() && !caller.may(DESCRIBE_CONFIGS, TOPIC, name)) {
            TopicViews.TopicDetail d = detail.get();
            return Optional.of(new TopicViews.TopicDetail(d.summary(), d.partitions(), List.of()));
        }
        return detail;
    }

    public void createTopic(String name, int partitions, Map<String, String> configs) {
        if (!caller.mayOnCluster(CREATE)) {
            caller.require(CREATE, TOPIC, name);
        }
        services.topicActions().create(name, partitions, configs);
    }

    public void deleteTopic(String name) {
        caller.require(DELETE, TOPIC, name);
        services.topicActions().delete(name);
    }

    public void addPartitions(String name, int totalCount) {
        caller.require(ALTER, TOPIC, name);
        services.topicActions().addPartitions(name, totalCount);
    }

    public void setConfig(String name, String key, String value) {
        caller.require(ALTER_CONFIGS, TOPIC, name);
        services.topicActions().setConfig(name, key, value);
    }

    public RecordBrowser.Page records(
            String topic, int partition, RecordBrowser.From from, long at, int limit, String search, int scanLimit) {
        caller.require(READ, TOPIC, topic);
        return services.records().read(topic, partition, from, at, limit, search, scanLimit);
    }

    public RecordProducer.Produced produce(
            String topic, int partition, byte[] key, byte[] value, List<Header> headers) {
        caller.require(WRITE, TOPIC, topic);
        return services.producer().produce(topic, partition, key, value, headers);
    }

    /** The groups the caller may describe (all of them with Describe on the cluster, as ListGroups). */
    public List<GroupViews.GroupSummary> groups() {
        boolean all = caller.mayOnCluster(DESCRIBE);
        return services.groups().list().stream()
                .filter(g -> all || caller.may(DESCRIBE, GROUP, g.groupId()))
                .toList();
    }

    /** A group; its committed offsets only for topics the caller may describe. */
    public Optional<GroupViews.GroupDetail> group(String id) {
        caller.require(DESCRIBE, GROUP, id);
        return services.groups()
                .detail(id)
                .map(d -> new GroupViews.GroupDetail(
                        d.summary(),
                        d.members(),
                        d.offsets().stream()
                                .filter(o -> caller.may(DESCRIBE, TOPIC, o.topic()))
                                .toList()));
    }

    /** A share group's records in flight, for topics the caller may describe. */
    public List<GroupViews.InFlightRecord> shareInFlight(String id) {
        caller.require(DESCRIBE, GROUP, id);
        return services.groups().shareInFlight(id).stream()
                .filter(r -> caller.may(DESCRIBE, TOPIC, r.topic()))
                .toList();
    }

    public List<OffsetReset.Planned> resetOffsets(String group, String topic, String to, long at, boolean dryRun) {
        caller.require(READ, GROUP, group);
        caller.require(READ, TOPIC, topic);
        return services.offsetReset().reset(group, topic, to, at, dryRun);
    }

    public List<TransactionViews.TransactionView> transactions() {
        return services.transactions().transactions().stream()
                .filter(t -> caller.may(DESCRIBE, TRANSACTIONAL_ID, t.transactionalId()))
                .toList();
    }

    public List<TransactionViews.ProducerView> producers() {
        return services.transactions().producers().stream()
                .filter(p -> caller.may(READ, TOPIC, p.topic()))
                .toList();
    }

    public long abortTransaction(String topic, int partition, long startOffset) {
        caller.require(CLUSTER_ACTION, CLUSTER, io.skiff.broker.security.acl.ResourceType.CLUSTER_NAME);
        return services.transactionAbort().abort(topic, partition, startOffset);
    }

    public SecurityViews.SecurityView security() {
        requireClusterDescribe();
        return services.security().security();
    }

    public List<ConnectionViews.ConnectionView> connections() {
        requireClusterDescribe();
        return services.connections().connections();
    }

    /** Whether the broker plays several nodes, so that a connection's node is worth showing. */
    public boolean severalNodes() {
        return services.connections().severalNodes();
    }

    public List<ConnectionViews.ApiRequests> requestsPerApi() {
        requireClusterDescribe();
        return services.connections().requestsPerApi();
    }

    /** The fetch sessions and fault rules: Describe on the cluster, as the connections. */
    public InternalsViews.Internals internals() {
        requireClusterDescribe();
        return services.internals().internals();
    }

    /** Adds an ACL: Alter on the cluster, as CreateAcls. */
    public void addAcl(SecurityViews.AclView acl) {
        requireCluster(ALTER);
        services.securityActions().addAcl(acl);
    }

    /** Removes an ACL: Alter on the cluster, as DeleteAcls. */
    public int removeAcl(SecurityViews.AclView acl) {
        requireCluster(ALTER);
        return services.securityActions().removeAcl(acl);
    }

    /** Sets a SCRAM credential: Alter on the cluster, as AlterUserScramCredentials. */
    public void upsertScram(String user, String mechanism, int iterations, String password) {
        requireCluster(ALTER);
        services.securityActions().upsertScram(user, mechanism, iterations, password);
    }

    /** Deletes a SCRAM credential: Alter on the cluster, as AlterUserScramCredentials. */
    public void deleteScram(String user, String mechanism) {
        requireCluster(ALTER);
        services.securityActions().deleteScram(user, mechanism);
    }

    /** Sets or removes a client quota: AlterConfigs on the cluster, as AlterClientQuotas. */
    public void setQuota(String entity, String key, Double value) {
        requireCluster(ALTER_CONFIGS);
        services.securityActions().setQuota(entity, key, value);
    }

    private void requireCluster(io.skiff.broker.security.acl.AclOperation operation) {
        caller.require(operation, CLUSTER, io.skiff.broker.security.acl.ResourceType.CLUSTER_NAME);
    }

    private void requireClusterDescribe() {
        caller.require(DESCRIBE, CLUSTER, io.skiff.broker.security.acl.ResourceType.CLUSTER_NAME);
    }
}
