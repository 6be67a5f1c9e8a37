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
package io.skiff.record;

/**
 * A compressed batch whose payload the codec named in its attributes cannot decode (damaged data, another codec's
 * bytes, an unknown codec id). Kafka answers such a produce with UNKNOWN_SERVER_ERROR, since its decompression
 * fails with a generic error; the broker does the same, but logs it as the client's fault.
 */
public class UndecodableRecordsException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UndecodableRecordsException(String message, Throwable cause) {
        super(message, cause);
    }
}
