/**
 * Classic groups: JoinGroup, SyncGroup, Heartbeat and LeaveGroup with a client-side leader, the rebalance state
 * machine and its timers (session expiry, rebalance timeout, initial delay, pending sync).
 */
package io.skiff.broker.group.classic;
