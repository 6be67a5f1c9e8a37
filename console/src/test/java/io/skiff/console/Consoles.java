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
package io.skiff.console;

import io.skiff.broker.SkiffServer;

/** Where a test broker's console answers. */
final class Consoles {
    private Consoles() {}

    /** With {@link #SUPER_USERS}: a broker whose console asks for a login and applies the user's ACLs. */
    static final String AUTHORIZER = "authorizer.class.name=org.apache.kafka.metadata.authorizer.StandardAuthorizer";

    /** Allowed everything: admin, and ANONYMOUS for the tests' own plaintext clients that set things up. */
    static final String SUPER_USERS = "super.users=User:ANONYMOUS;User:admin";

    /** The base URL of the console of {@code broker}, started with one ({@code @Skiff(console = true)}). */
    static String url(SkiffServer broker) {
        return broker.extensionUrl("console").orElseThrow();
    }
}
