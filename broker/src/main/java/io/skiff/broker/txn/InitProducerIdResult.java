package io.skiff.broker.txn;

import io.skiff.protocol.Errors;

/** The answer to InitProducerId or EndTxn: an error, or the producer id and epoch the producer must use. */
public record InitProducerIdResult(Errors error, long producerId, short producerEpoch) {
    static InitProducerIdResult error(Errors error) {
        return new InitProducerIdResult(error, -1L, (short) -1);
    }
}
