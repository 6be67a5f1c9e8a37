package io.skiff.broker.handler;

import io.skiff.protocol.ApiMessage;
import io.skiff.protocol.message.ApiKeys;

/**
 * An {@link ApiHandler} whose API and advertised version range are fixed at construction, so handlers state them
 * once ({@code super(ApiKeys.FETCH, 4, 18)}) instead of overriding three getters.
 *
 * {@link HandlerRegistry#register} checks the range.
 *
 * <p>Thread-safe: the API and range are immutable; subclasses state their own thread-safety.
 *
 * @param <Q> the request message
 * @param <S> the response message
 */
public abstract class AbstractApiHandler<Q extends ApiMessage, S extends ApiMessage> implements ApiHandler<Q, S> {
    private final ApiKeys api;
    private final short minVersion;
    private final short maxVersion;

    /**
     * @param minVersion lowest version advertised
     * @param maxVersion highest version advertised; at most {@code api.highestVersion()}
     */
    protected AbstractApiHandler(ApiKeys api, int minVersion, int maxVersion) {
        this.api = api;
        this.minVersion = (short) minVersion;
        this.maxVersion = (short) maxVersion;
    }

    @Override
    public final ApiKeys api() {
        return api;
    }

    @Override
    public final short minVersion() {
        return minVersion;
    }

    @Override
    public final short maxVersion() {
        return maxVersion;
    }
}
