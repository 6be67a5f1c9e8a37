/**
 * Committed offsets of every kind of group: OffsetCommit, OffsetFetch, OffsetDelete, DeleteGroups, offsets sent
 * to a transaction (pending until its marker) and offset expiry.
 */
package io.skiff.broker.group.offsets;
