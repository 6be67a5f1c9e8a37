package io.skiff.broker.handler;

import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.broker.txn.TransactionCoordinator;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.EndTxnRequest;
import io.skiff.protocol.message.EndTxnResponse;
import java.util.concurrent.CompletableFuture;

/**
 * EndTxn (key 26), v0–4: commits or aborts the producer's transaction (transaction protocol version 1: the epoch
 * stays). Answered once the markers are written and the transaction is complete. Thread-safe (stateless apart from
 * the coordinator).
 */
public final class EndTxnHandler extends AbstractApiHandler<EndTxnRequest, EndTxnResponse> {
    private final TransactionCoordinator coordinator;

    public EndTxnHandler(TransactionCoordinator coordinator) {
        super(ApiKeys.END_TXN, 0, 4);
        this.coordinator = coordinator;
    }

    @Override
    public CompletableFuture<EndTxnResponse> handle(RequestContext ctx, EndTxnRequest request) {
        if (!ctx.allowed(AclOperation.WRITE, ResourceType.TRANSACTIONAL_ID, request.transactionalId())) {
            return CompletableFuture.completedFuture(
                    errorResponse(ctx, request, Errors.TRANSACTIONAL_ID_AUTHORIZATION_FAILED));
        }
        return coordinator
                .endTransaction(
                        request.transactionalId(), request.producerId(), request.producerEpoch(), request.committed())
                .thenApply(error -> new EndTxnResponse().setErrorCode(error.code()));
    }

    @Override
    public EndTxnResponse errorResponse(RequestContext ctx, EndTxnRequest request, Errors error) {
        return new EndTxnResponse().setErrorCode(error.code());
    }
}
