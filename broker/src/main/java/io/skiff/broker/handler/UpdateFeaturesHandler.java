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

import io.skiff.broker.feature.FeatureUpdates;
import io.skiff.broker.security.acl.AclOperation;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.UpdateFeaturesRequest;
import io.skiff.protocol.message.UpdateFeaturesResponse;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * UpdateFeatures (key 57), versions 0–2 ({@code kafka-features upgrade/downgrade/disable}): changes finalized feature
 * levels with Kafka 4.4's checks ({@link FeatureUpdates}); all or none, persisted before the answer, the finalized
 * epoch raised. As Kafka answers: a refusal is one top-level INVALID_UPDATE_VERSION naming the feature that failed,
 * with no per-feature results; a success has a null message and, before v2, one result per feature (error NONE,
 * message "NONE"). At v0 every update is an upgrade (Kafka's controller ignores AllowDowngrade). Needs ALTER on the
 * cluster.
 *
 * <p>Thread-safe: stateless apart from {@link FeatureUpdates}. It writes a file, so it runs on the blocking executor.
 */
public final class UpdateFeaturesHandler extends AbstractApiHandler<UpdateFeaturesRequest, UpdateFeaturesResponse> {
    private final FeatureUpdates updates;

    public UpdateFeaturesHandler(FeatureUpdates updates) {
        super(ApiKeys.UPDATE_FEATURES, 0, 2);
        this.updates = updates;
    }

    @Override
    public Execution execution() {
        return Execution.BLOCKING_EXECUTOR;
    }

    @Override
    public CompletableFuture<UpdateFeaturesResponse> handle(RequestContext ctx, UpdateFeaturesRequest request) {
        if (!ctx.clusterAllowed(AclOperation.ALTER)) {
            return CompletableFuture.completedFuture(errorResponse(ctx, request, Errors.CLUSTER_AUTHORIZATION_FAILED));
        }
        List<FeatureUpdates.Update> asked = new ArrayList<>();
        for (UpdateFeaturesRequest.FeatureUpdateKey key : request.featureUpdates()) {
            asked.add(new FeatureUpdates.Update(key.feature(), key.maxVersionLevel(), key.upgradeType()));
        }
        FeatureUpdates.Outcome outcome;
        try {
            outcome = updates.apply(asked, request.validateOnly());
        } catch (UncheckedIOException e) {
            return CompletableFuture.completedFuture(errorResponse(ctx, request, Errors.FEATURE_UPDATE_FAILED));
        }
        UpdateFeaturesResponse response = new UpdateFeaturesResponse()
                .setErrorCode(outcome.error().code())
                .setErrorMessage(outcome.message());
        if (outcome.error() == Errors.NONE && ctx.apiVersion() <= 1) {
            for (UpdateFeaturesRequest.FeatureUpdateKey key : request.featureUpdates()) {
                response.results()
                        .add(new UpdateFeaturesResponse.UpdatableFeatureResult()
                                .setFeature(key.feature())
                                .setErrorCode(Errors.NONE.code())
                                .setErrorMessage(Errors.NONE.name()));
            }
        }
        return CompletableFuture.completedFuture(response);
    }

    @Override
    public UpdateFeaturesResponse errorResponse(RequestContext ctx, UpdateFeaturesRequest request, Errors error) {
        return new UpdateFeaturesResponse().setErrorCode(error.code()).setErrorMessage(error.message());
    }
}
