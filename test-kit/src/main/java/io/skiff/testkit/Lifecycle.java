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
package io.skiff.testkit;

/** How long a broker started by {@link SkiffExtension} lives. */
public enum Lifecycle {
    /** A new broker for every test method, closed after it. */
    PER_METHOD,
    /** One broker for the test class (and its {@code @Nested} classes), closed after its last test. */
    PER_CLASS,
    /**
     * One broker for the whole test run, shared by every class that asks for the same topics and properties; closed
     * when the JVM exits, its temporary directory deleted. Call {@link io.skiff.broker.SkiffServer#reset()} between
     * tests that must not see each other's topics and groups.
     */
    SHARED
}
