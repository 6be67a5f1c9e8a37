package io.skiff.broker.topic;

/** Who is appending to a partition; decides how much producer-state validation applies (as in Kafka). */
public enum AppendOrigin {
    /** A Produce request: producer epochs and sequences are validated, duplicates detected. */
    CLIENT,
    /** The broker itself (group coordinator): producer epochs only, no sequence checks. */
    COORDINATOR
}
