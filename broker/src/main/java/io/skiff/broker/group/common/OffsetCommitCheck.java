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
package io.skiff.broker.group.common;

/**
 * Whether an offset commit (or one of its partitions) may be written: {@link #OK}, or the error and Kafka's message
 * for it. OffsetCommit and TxnOffsetCommit responses carry only the code; the message is for logs and tests.
 * Immutable.
 */
public record OffsetCommitCheck(GroupError error, String message) {
    public static final OffsetCommitCheck OK = new OffsetCommitCheck(GroupError.NONE, null);

    /** A refusal with Kafka's message, {@code format} filled in with {@code args}. */
    public static OffsetCommitCheck refused(GroupError error, String format, Object... args) {
        return new OffsetCommitCheck(error, String.format(format, args));
    }

    public boolean ok() {
        return error == GroupError.NONE;
    }
}
