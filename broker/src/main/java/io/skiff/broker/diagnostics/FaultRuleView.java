/*
 * Copyright 2026 The Skiff authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.skiff.broker.diagnostics;

/**
 * A copy of one fault rule of the test control (what requests it matches, what it does, how often it applied), for
 * operators. Immutable.
 *
 * @param id      the rule's id ({@code f1}, {@code f2}, ...)
 * @param matches what a request must be to match, as {@code key=value} words ({@code api=Fetch topic=orders}); empty
 *                when every request matches
 * @param action  what the rule does: {@code error NOT_LEADER_OR_FOLLOWER}, {@code latency 200 ms}, {@code hold},
 *                {@code close}, {@code drop}
 * @param applied how many requests it has applied to
 * @param count   how many times it applies at most, or null for no limit
 * @param active  whether it still applies to a matching request (not spent, expired or released)
 */
public record FaultRuleView(String id, String matches, String action, int applied, Integer count, boolean active) {}
