/**
 * The place of KIP-932 share groups (ShareGroupHeartbeat, share-partition state); empty until they are built.
 * Like the other kinds it implements {@code common.Group} and depends on {@code common} only.
 */
package io.skiff.broker.group.share;
