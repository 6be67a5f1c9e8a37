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
package io.skiff.broker.control;

import io.skiff.broker.handler.CloseConnectionException;
import io.skiff.broker.handler.InjectedErrors;
import io.skiff.protocol.Errors;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A fault rule applied to one request: runs the request's processing as the rule's action says. The server gives
 * it the processing (the handler, up to the encoded response), the error answer and how to discard a response.
 *
 * <p>Thread-safe: immutable.
 */
public final class AppliedFault {
    private final FaultRule rule;

    AppliedFault(FaultRule rule) {
        this.rule = rule;
    }

    public FaultRule rule() {
        return rule;
    }

    /**
     * @param process        processes the request (what the server does without a fault)
     * @param errorAnswer    the answer carrying an error code, without processing
     * @param discard        frees a response that will not be sent
     * @return the response to send; null to send nothing; failed with {@link CloseConnectionException} to close
     */
    public <T> CompletableFuture<T> run(
            Supplier<CompletableFuture<T>> process,
            Function<Errors, CompletableFuture<T>> errorAnswer,
            Consumer<T> discard) {
        return run(injected -> process.get(), false, errorAnswer, discard);
    }

    /**
     * As {@link #run(Supplier, Function, Consumer)}, for a handler that can answer an error in some partitions and
     * process the others: an error rule that names a topic or partition then processes the request with the error
     * injected into the partitions it matches.
     *
     * @param process      processes the request with the errors injected (none but for such an error rule)
     * @param perPartition whether {@code process} answers injected errors per partition
     */
    public <T> CompletableFuture<T> run(
            Function<InjectedErrors, CompletableFuture<T>> process,
            boolean perPartition,
            Function<Errors, CompletableFuture<T>> errorAnswer,
            Consumer<T> discard) {
        FaultSpec spec = rule.spec();
        return switch (spec.action()) {
            case ERROR ->
                perPartition && spec.namesPartitions()
                        ? process.apply(spec::injectedError)
                        : errorAnswer.apply(spec.error());
            case LATENCY ->
                CompletableFuture.runAsync(
                                () -> {}, CompletableFuture.delayedExecutor(spec.latencyMs(), TimeUnit.MILLISECONDS))
                        .thenCompose(ignored -> process.apply(InjectedErrors.NONE));
            case HOLD -> rule.releasedFuture().thenCompose(ignored -> process.apply(InjectedErrors.NONE));
            case CLOSE_BEFORE -> CompletableFuture.failedFuture(closed("before processing"));
            case CLOSE_AFTER ->
                process.apply(InjectedErrors.NONE).thenApply(response -> {
                    discardIfAny(discard, response);
                    throw new CompletionException(closed("after processing"));
                });
            case DROP ->
                process.apply(InjectedErrors.NONE).thenApply(response -> {
                    discardIfAny(discard, response);
                    return null;
                });
        };
    }

    private static <T> void discardIfAny(Consumer<T> discard, T response) {
        if (response != null) {
            discard.accept(response);
        }
    }

    private CloseConnectionException closed(String when) {
        return new CloseConnectionException("fault rule " + rule.id() + " closes the connection " + when);
    }
}
