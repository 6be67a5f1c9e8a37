/**
 * What every kind of group shares: the {@code Group} interface, the registry of groups by id with its per-group
 * lock, the records of {@code __consumer_offsets} and their codec, the coordinator's configuration and the
 * per-group configs. Depends on no other part of the group coordinator.
 */
package io.skiff.broker.group.common;
