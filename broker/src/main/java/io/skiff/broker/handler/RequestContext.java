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
package io.skiff.broker.handler;

import io.skiff.broker.security.ConnectionSecurity;
import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.broker.security.principal.KafkaPrincipal;
import io.skiff.protocol.Errors;
import io.skiff.protocol.header.RequestHeader;
import java.net.InetSocketAddress;

/**
 * Where a request came from: its header and its connection.
 *
 * @param header        the decoded request header
 * @param connectionId  the connection's id ({@code local-remote-index}); stable for the connection's life
 * @param listenerName  the listener the connection arrived on (selects the advertised endpoint)
 * @param clientAddress the client's address
 * @param security      the connection's security state: its principal and SASL session
 * @param authorizer    decides what the principal may do (allows everything without an authorizer)
 * @param sizeInBytes   the request's size, header and body (what produce quotas count)
 * @param injectedErrors the partitions a fault rule answers with an error instead of processing them
 */
public record RequestContext(
        RequestHeader header,
        String connectionId,
        String listenerName,
        InetSocketAddress clientAddress,
        ConnectionSecurity security,
        RequestAuthorizer authorizer,
        int sizeInBytes,
        InjectedErrors injectedErrors) {
    /** A request on a PLAINTEXT connection, without an authorizer. */
    public RequestContext(
            RequestHeader header, String connectionId, String listenerName, InetSocketAddress clientAddress) {
        this(
                header,
                connectionId,
                listenerName,
                clientAddress,
                ConnectionSecurity.plaintext(),
                RequestAuthorizer.ALLOW_ALL,
                0,
                InjectedErrors.NONE);
    }

    /** Whether this request's principal may do {@code operation} on the resource. */
    public boolean allowed(AclOperation operation, ResourceType type, String name) {
        return authorizer.allowed(this, operation, type, name);
    }

    /** Whether this request's principal may do {@code operation} on the cluster. */
    public boolean clusterAllowed(AclOperation operation) {
        return authorizer.clusterAllowed(this, operation);
    }

    /** The request's API version. */
    public short apiVersion() {
        return header.apiVersion();
    }

    /** The client id from the header (may be null or empty). */
    public String clientId() {
        return header.clientId();
    }

    /** The request's correlation id. */
    public int correlationId() {
        return header.correlationId();
    }

    /** Who the connection acts as ({@code User:ANONYMOUS} when it did not authenticate). */
    public KafkaPrincipal principal() {
        return security.principal();
    }

    /** This request with {@code errors} answered for the partitions they name. */
    public RequestContext withInjectedErrors(InjectedErrors errors) {
        return new RequestContext(
                header, connectionId, listenerName, clientAddress, security, authorizer, sizeInBytes, errors);
    }

    /** The error a fault rule answers for the partition instead of processing it, or null to process it. */
    public Errors injectedError(String topic, int partition) {
        return injectedErrors.errorFor(topic, partition);
    }

    /**
     * The error that answers a partition instead of processing it: a fault rule's, else TOPIC_AUTHORIZATION_FAILED
     * when the principal may not act on its topic ({@code allowed}: the topic's ACL, checked once per topic); null to
     * process it.
     */
    public Errors partitionRefusal(String topic, int partition, boolean allowed) {
        Errors injected = injectedError(topic, partition);
        return injected != null ? injected : allowed ? null : Errors.TOPIC_AUTHORIZATION_FAILED;
    }

    /**
     * The error that answers a topic instead of processing it (in an API that answers per topic): a fault rule's,
     * else TOPIC_AUTHORIZATION_FAILED when the principal may not do {@code operation} on it; null to process it.
     */
    public Errors topicRefusal(String topic, AclOperation operation) {
        Errors injected = injectedError(topic);
        if (injected != null) {
            return injected;
        }
        return allowed(operation, ResourceType.TOPIC, topic) ? null : Errors.TOPIC_AUTHORIZATION_FAILED;
    }

    /** The error a fault rule answers for the topic (in an API that answers per topic), or null to process it. */
    public Errors injectedError(String topic) {
        return injectedErrors.errorFor(topic, InjectedErrors.WHOLE_TOPIC);
    }
}
