package io.skiff.broker.control;

/** What a fault rule does to a request it matches. */
public enum FaultAction {
    /** Answer with an error code, without processing the request (so it changes nothing in the broker). */
    ERROR,
    /** Process the request after a delay. */
    LATENCY,
    /** Keep the request unprocessed until the rule is released or removed, then process it. */
    HOLD,
    /** Close the connection without processing the request. */
    CLOSE_BEFORE,
    /** Process the request, then close the connection instead of answering. */
    CLOSE_AFTER,
    /** Process the request and send no answer (the connection stays open). */
    DROP
}
