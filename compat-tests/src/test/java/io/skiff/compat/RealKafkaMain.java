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
package io.skiff.compat;

import java.io.PrintStream;
import java.lang.reflect.Method;

/**
 * Entry point of the child JVM {@link RealKafka} starts: formats the log directory with Kafka's StorageTool, then
 * runs {@code kafka.Kafka}, and exits as soon as the JVM that started it is gone, so that a test run killed with
 * SIGKILL leaves no Kafka behind. Kafka's classes are only on the child's classpath, hence the reflection.
 *
 * <p>args: parent pid, cluster id, path of server.properties.
 */
public final class RealKafkaMain {
    private RealKafkaMain() {}

    public static void main(String[] args) throws Exception {
        long parentPid = Long.parseLong(args[0]);
        ProcessHandle.of(parentPid)
                .ifPresentOrElse(
                        parent -> parent.onExit()
                                .thenRun(() -> Runtime.getRuntime().halt(3)),
                        () -> Runtime.getRuntime().halt(3));
        Method format =
                Class.forName("kafka.tools.StorageTool").getMethod("execute", String[].class, PrintStream.class);
        int formatted = (int) format.invoke(null, new String[] {"format", "-t", args[1], "-c", args[2]}, System.out);
        if (formatted != 0) {
            System.err.println("StorageTool format failed with exit code " + formatted);
            System.exit(formatted);
        }
        Class.forName("kafka.Kafka").getMethod("main", String[].class).invoke(null, (Object) new String[] {args[2]});
    }
}
