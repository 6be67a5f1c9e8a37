package io.skiff.protocol;

/**
 * A response body with a top-level {@code throttle_time_ms}: how long the client should wait before its next request
 * to this broker because it exceeded a quota (KIP-219). The generator makes every such response implement it, so
 * the request path can set the throttle time of any API's answer in one place.
 */
public interface ThrottledResponse extends ApiMessage {
    int throttleTimeMs();

    ThrottledResponse setThrottleTimeMs(int throttleTimeMs);
}
