package io.skiff.broker.handler;

import io.skiff.broker.producer.ProducerIdManager;
import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.InitProducerIdRequest;
import io.skiff.protocol.message.InitProducerIdResponse;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * InitProducerId (key 22), v0–5: producer ids for idempotent producers.
 *
 * <p>Behaviour, as Kafka's transaction coordinator for a null transactional id: a fresh producer id with epoch 0,
 * also when the request carries the producer's current id and epoch (v3+, KIP-360: Kafka answers an idempotent
 * producer's epoch bump with a new id). Exactly one of producer id / epoch set is INVALID_REQUEST.
 *
 * <p>Transactions are not supported. A transactional id gets COORDINATOR_NOT_AVAILABLE, which is what Kafka
 * answers when its transaction coordinator cannot serve (for example when {@code __transaction_state} cannot be
 * created): clients keep retrying until their own timeout ({@code max.block.ms} for the Java producer's
 * initTransactions) and then fail. The broker logs once that transactions are unsupported, so the reason is visible.
 *
 * <p>Thread-safe.
 */
public final class InitProducerIdHandler extends AbstractApiHandler<InitProducerIdRequest, InitProducerIdResponse> {
    private static final Logger LOG = LoggerFactory.getLogger(InitProducerIdHandler.class);

    private final ProducerIdManager producerIds;
    private final AtomicBoolean warnedAboutTransactions = new AtomicBoolean();

    public InitProducerIdHandler(ProducerIdManager producerIds) {
        super(ApiKeys.INIT_PRODUCER_ID, 0, 5);
        this.producerIds = producerIds;
    }

    /** Allocating a new block of producer ids fsyncs the allocator's file. */
    @Override
    public Execution execution() {
        return Execution.BLOCKING_EXECUTOR;
    }

    @Override
    public CompletableFuture<InitProducerIdResponse> handle(RequestContext ctx, InitProducerIdRequest request) {
        if (request.transactionalId() != null && request.transactionalId().isEmpty()) {
            // As Kafka: an empty transactional id is a malformed request, not a transactional producer.
            return done(Errors.INVALID_REQUEST, -1L, (short) -1);
        }
        if (request.transactionalId() != null
                && !ctx.allowed(AclOperation.WRITE, ResourceType.TRANSACTIONAL_ID, request.transactionalId())) {
            return done(Errors.TRANSACTIONAL_ID_AUTHORIZATION_FAILED, -1L, (short) -1);
        }
        if (request.transactionalId() == null
                && !ctx.clusterAllowed(AclOperation.IDEMPOTENT_WRITE)
                && !ctx.authorizer().anyAllowed(ctx, AclOperation.WRITE, ResourceType.TOPIC)) {
            return done(Errors.CLUSTER_AUTHORIZATION_FAILED, -1L, (short) -1);
        }
        if (request.transactionalId() != null) {
            if (warnedAboutTransactions.compareAndSet(false, true)) {
                LOG.warn(
                        "Client {} asked for transactional id '{}': transactions are not supported by Skiff;"
                                + " answering COORDINATOR_NOT_AVAILABLE",
                        ctx.clientId(),
                        request.transactionalId());
            }
            return done(Errors.COORDINATOR_NOT_AVAILABLE, -1L, (short) -1);
        }
        boolean noId = request.producerId() == -1L;
        boolean noEpoch = request.producerEpoch() == -1;
        if (noId != noEpoch) {
            return done(Errors.INVALID_REQUEST, -1L, (short) -1);
        }
        return done(Errors.NONE, producerIds.nextProducerId(), (short) 0);
    }

    private static CompletableFuture<InitProducerIdResponse> done(Errors error, long producerId, short epoch) {
        return CompletableFuture.completedFuture(new InitProducerIdResponse()
                .setThrottleTimeMs(0)
                .setErrorCode(error.code())
                .setProducerId(producerId)
                .setProducerEpoch(epoch));
    }

    @Override
    public InitProducerIdResponse errorResponse(RequestContext ctx, InitProducerIdRequest request, Errors error) {
        return new InitProducerIdResponse()
                .setErrorCode(error.code())
                .setProducerId(-1L)
                .setProducerEpoch((short) -1);
    }
}
