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
package io.skiff.broker.share;

/**
 * What a consumer says of an acquired record, as ShareFetch and ShareAcknowledge encode it (0 to 4). Immutable,
 * thread-safe.
 */
public enum AcknowledgeType {
    /** An offset in an acquired range that has no record (compacted away, a control record): archived. */
    GAP,
    /** Processed: never delivered again. */
    ACCEPT,
    /** Give back: available again (archived once its delivery count reached the limit). */
    RELEASE,
    /** Unprocessable: archived, never delivered again. */
    REJECT,
    /** Still working on it: the acquisition lock starts again. */
    RENEW;

    /** The type of wire code {@code code}, or null for a code Kafka does not define. */
    public static AcknowledgeType fromCode(byte code) {
        return code >= 0 && code < values().length ? values()[code] : null;
    }
}
