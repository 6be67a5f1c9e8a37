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

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** A topic that {@link Skiff} creates when it starts the broker. */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({})
public @interface SkiffTopic {
    String name();

    int partitions() default 1;

    /** Topic-level configuration as {@code key=value} with Kafka's keys, e.g. {@code "cleanup.policy=compact"}. */
    String[] config() default {};
}
