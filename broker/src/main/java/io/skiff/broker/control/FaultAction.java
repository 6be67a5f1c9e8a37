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
