/**
 * The place of KIP-1071 streams groups (StreamsGroupHeartbeat, topology-aware assignment); empty until they are
 * built. Like the other kinds it implements {@code common.Group} and depends on {@code common} only.
 */
package io.skiff.broker.group.streams;
