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
package io.skiff.protocol;

/**
 * A response body with a top-level {@code throttle_time_ms}: how long the client should wait before its next request
 * to this broker because it exceeded a quota (KIP-219). The generator makes every such response implement it, so
 * the request path can set the throttle time of any API's answer in one place.
 */
public interface ThrottledResponse extends ApiMessage {
    int throttleTimeMs();

    ThrottledResponse setThrottleTimeMs(int throttleTimeMs);
}
