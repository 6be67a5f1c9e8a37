/**
 * KIP-848 consumer groups: ConsumerGroupHeartbeat, server-side target assignment and reconciliation, classic
 * members of a consumer group, and the conversions between classic and consumer groups (upgrade, downgrade,
 * static members).
 */
package io.skiff.broker.group.consumer;
