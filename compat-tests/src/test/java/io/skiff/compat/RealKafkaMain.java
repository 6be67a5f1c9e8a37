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
