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
package io.skiff.broker.launch;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

/**
 * Starts the broker from {@code java -jar skiff.jar} in a second JVM that maps the class-data-sharing archive
 * the build wrote beside the jar.
 *
 * <p>Why: about 1,100 classes (Netty, our own, parts of the JDK) are parsed, verified and linked on every cold
 * start, and on two cores that work plus the JIT threads take ~350 ms. Mapped from an archive they take a
 * fraction of that, but Java 17 only maps an application archive named on the command line
 * ({@code -XX:SharedArchiveFile}), which a jar cannot set for itself. A tiny launcher JVM that starts the real one
 * with the flag is still faster in total (measured: ~240 ms to a listening socket against ~360 ms in place).
 *
 * <p>The broker JVM gets {@link BrokerJvmDefaults} (heap, compiler) for whatever the user did not set. The
 * launcher stays alive while the broker runs: SIGTERM or Ctrl-C to it stops the broker gracefully, and the broker's
 * exit code becomes its own. If the launcher dies without that (SIGKILL), the broker notices its
 * standard input close and stops too. Without a usable archive, with a debugger or agent on the command line,
 * or with {@code -Dskiff.cds=false}, the broker runs in place in the first JVM.
 *
 * <p>Thread-safety: static methods only; {@link #relaunch} is called once from {@code main}.
 */
public final class FastStartLauncher {
    /** Set on the broker JVM started by the launcher. */
    static final String CHILD_PROPERTY = "skiff.launcher.child";
    /** The launcher's process start, epoch ms, so the broker reports time to ready from the user's launch. */
    static final String START_PROPERTY = "skiff.launcher.startMillis";
    /** {@code -Dskiff.cds=false} runs the broker in the first JVM. */
    static final String ENABLE_PROPERTY = "skiff.cds";

    /** Options a second JVM must not repeat (a debugger port taken twice) or that choose their own archive. */
    private static final List<String> BLOCKING_OPTION_PREFIXES = List.of(
            "-agentlib",
            "-agentpath",
            "-javaagent",
            "-Xrun",
            "-Xdebug",
            "-XX:StartFlightRecording",
            "-Xshare",
            "-XX:SharedArchiveFile",
            "-XX:ArchiveClassesAtExit",
            "-XX:DumpLoadedClassList",
            "-XX:SharedClassListFile",
            "-XX:AOT",
            "@");

    private static final List<String> BLOCKING_ENV_MARKERS = List.of(
            "agent",
            "Xrun",
            "jdwp",
            "Xdebug",
            "Xshare",
            "SharedArchiveFile",
            "ArchiveClassesAtExit",
            "AOTCache",
            "AOTMode");

    /** The first Java release that writes an AOT cache in one step, at a training run's exit (JEP 514). */
    static final int AOT_CACHE_FEATURE_VERSION = 25;

    /** How long a stopping launcher waits for the broker before it kills it. */
    private static final long SHUTDOWN_WAIT_SECONDS = 60;

    private FastStartLauncher() {}

    /**
     * Runs the broker in a child JVM when that is possible and returns its exit code once it has stopped; empty
     * when the broker should run in this JVM instead.
     */
    public static OptionalInt relaunch(String[] args) {
        if (isChild() || "false".equalsIgnoreCase(System.getProperty(ENABLE_PROPERTY))) {
            return OptionalInt.empty();
        }
        Optional<Path> jar = CdsArchive.runningJar();
        if (jar.isEmpty()) {
            return OptionalInt.empty();
        }
        Optional<List<String>> sharing =
                sharingOptions(jar.get(), Runtime.version().feature());
        if (sharing.isEmpty() || environmentBlocks()) {
            return OptionalInt.empty();
        }
        // No lambdas or streams on this path: each first use of one costs a cold JVM milliseconds of bootstrap,
        // and everything the launcher spends delays the broker.
        Optional<String[]> arguments = ProcessHandle.current().info().arguments();
        if (arguments.isEmpty()) {
            return OptionalInt.empty();
        }
        Optional<List<String>> options = inheritableOptions(Arrays.asList(arguments.get()), jar.get());
        if (options.isEmpty()) {
            return OptionalInt.empty();
        }
        OptionalLong started = ProcessStart.epochMillis();
        long startMillis = started.isPresent() ? started.getAsLong() : System.currentTimeMillis();
        List<String> command = childCommand(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                options.get(),
                jar.get(),
                sharing.get(),
                startMillis,
                args);
        Process child;
        try {
            child = new ProcessBuilder(command)
                    .redirectOutput(ProcessBuilder.Redirect.INHERIT)
                    .redirectError(ProcessBuilder.Redirect.INHERIT)
                    .start(); // stdin stays a pipe from us: it closing tells the broker we are gone
        } catch (IOException e) {
            return OptionalInt.empty();
        }
        Runtime.getRuntime().addShutdownHook(new StopChild(child));
        return OptionalInt.of(awaitQuietly(child));
    }

    /** The launcher's shutdown hook: stops the broker gracefully, forcibly if it does not stop in time. */
    private static final class StopChild extends Thread {
        private final Process child;

        StopChild(Process child) {
            super("skiff-launcher-shutdown");
            this.child = child;
        }

        @Override
        public void run() {
            child.destroy(); // SIGTERM: the broker's own graceful shutdown, itself bounded to seconds
            try {
                if (!child.waitFor(SHUTDOWN_WAIT_SECONDS, TimeUnit.SECONDS)) {
                    child.destroyForcibly();
                }
            } catch (InterruptedException e) {
                child.destroyForcibly();
            }
        }
    }

    /**
     * The JVM options this process was started with, to give the broker JVM: everything before {@code -jar},
     * provided the jar after it is {@code jar} and no option must stay with one JVM. Empty otherwise.
     */
    static Optional<List<String>> inheritableOptions(List<String> processArguments, Path jar) {
        int jarFlag = processArguments.indexOf("-jar");
        if (jarFlag < 0 || jarFlag + 1 >= processArguments.size()) {
            return Optional.empty();
        }
        if (!sameFile(Path.of(processArguments.get(jarFlag + 1)), jar)) {
            return Optional.empty();
        }
        List<String> options = processArguments.subList(0, jarFlag);
        for (String option : options) {
            for (String prefix : BLOCKING_OPTION_PREFIXES) {
                if (option.startsWith(prefix)) {
                    return Optional.empty();
                }
            }
        }
        return Optional.of(List.copyOf(options));
    }

    /**
     * The class-data-sharing options for the broker JVM: the build's archive when it was dumped by this very JVM.
     * Otherwise (a user's newer JDK): on Java 25 or later an ahead-of-time cache of this JVM's own (JEP 483, 514,
     * 515: classes loaded and linked, method profiles), which the broker writes at its first exit and maps from then
     * on; on Java 19 to 24 a dynamic archive written the same way ({@code -XX:+AutoCreateSharedArchive}). Measured on
     * Java 25: 780 ms to ready in one JVM without either, 450–520 ms through the launcher with the dynamic archive.
     * Empty when none is possible: the broker then runs in place.
     */
    static Optional<List<String>> sharingOptions(Path jar, int javaFeatureVersion) {
        CdsArchive built = CdsArchive.besideJar(jar);
        if (built.usableFor(jar)) {
            return Optional.of(List.of("-XX:SharedArchiveFile=" + built.archive(), "-Xshare:auto"));
        }
        if (javaFeatureVersion < 19) {
            return Optional.empty();
        }
        String vmVersion = System.getProperty("java.vm.version", "");
        if (javaFeatureVersion >= AOT_CACHE_FEATURE_VERSION) {
            Optional<Path> cache = CdsArchive.forThisJvm(jar, vmVersion, ".aot");
            if (cache.isPresent()) {
                return Optional.of(aotCacheOptions(jar, CdsArchive.at(cache.get())));
            }
        }
        Optional<Path> own = CdsArchive.forThisJvm(jar, vmVersion);
        if (own.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(List.of("-XX:+AutoCreateSharedArchive", "-XX:SharedArchiveFile=" + own.get()));
    }

    /**
     * Maps the AOT cache when its sidecar says it was made by this JVM for this jar; otherwise this run is the
     * training run: the JVM writes the cache when the broker exits (JEP 514's one step, which assembles the cache
     * in a short-lived JVM of its own at that exit, seconds on two cores), and the sidecar written now names the
     * jar and JVM it is for. A cache whose sidecar does not match (another build of the jar) is replaced.
     */
    private static List<String> aotCacheOptions(Path jar, CdsArchive cache) {
        if (cache.usableFor(jar)) {
            return List.of("-XX:AOTCache=" + cache.archive());
        }
        try {
            cache.delete();
            cache.writeSidecar(jar);
        } catch (IOException e) {
            // without a sidecar the cache is rebuilt next time as well: a slower start, nothing worse
        }
        // The training run logs a warning per class it cannot cache (proxies, lambdas of other loaders): noise.
        return List.of("-XX:AOTCacheOutput=" + cache.archive(), "-Xlog:aot=error");
    }

    /** {@code java [options] [sharing options] -Dskiff.launcher.*=… -jar skiff.jar [args]}. */
    static List<String> childCommand(
            String java, List<String> options, Path jar, List<String> sharing, long startMillis, String[] args) {
        List<String> command = new ArrayList<>();
        command.add(java);
        command.addAll(
                BrokerJvmDefaults.apply(options, System.getenv(), TlsListeners.configured(args, System.getenv())));
        command.addAll(sharing);
        command.add("-D" + CHILD_PROPERTY + "=true");
        command.add("-D" + START_PROPERTY + "=" + startMillis);
        command.add("-jar");
        command.add(realPath(jar).toString()); // the path the archive was dumped with
        command.addAll(Arrays.asList(args));
        return command;
    }

    /** Whether this JVM is the broker a launcher started. */
    public static boolean isChild() {
        return Boolean.getBoolean(CHILD_PROPERTY);
    }

    /**
     * When the user launched the broker, epoch ms: the launcher's process start for a broker it started, else this
     * process's start; empty where neither is known.
     */
    public static OptionalLong launchedAtMillis() {
        String value = System.getProperty(START_PROPERTY);
        if (value != null) {
            try {
                return OptionalLong.of(Long.parseLong(value));
            } catch (NumberFormatException e) {
                // fall back to our own start
            }
        }
        return ProcessStart.epochMillis();
    }

    /**
     * In a child: calls {@code onLauncherGone} once standard input, the launcher's pipe, reaches end of file — the
     * launcher died without stopping us (SIGKILL), and a broker nobody can stop must not outlive it.
     */
    public static void whenLauncherExits(Runnable onLauncherGone) {
        if (!isChild()) {
            return;
        }
        Thread watcher = new Thread(
                () -> {
                    byte[] buffer = new byte[64];
                    try {
                        while (System.in.read(buffer) >= 0) {
                            // the launcher never writes; end of file is what we wait for
                        }
                    } catch (IOException e) {
                        // a broken pipe means the launcher is gone, as end of file does
                    }
                    onLauncherGone.run();
                },
                "skiff-launcher-watch");
        watcher.setDaemon(true);
        watcher.start();
    }

    private static boolean environmentBlocks() {
        for (String variable : List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS")) {
            String value = System.getenv(variable);
            if (value != null) {
                for (String marker : BLOCKING_ENV_MARKERS) {
                    if (value.contains(marker)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static int awaitQuietly(Process child) {
        while (true) {
            try {
                return child.waitFor();
            } catch (InterruptedException e) {
                // keep waiting: the broker's exit is ours
            }
        }
    }

    private static boolean sameFile(Path a, Path b) {
        return realPath(a).equals(realPath(b));
    }

    private static Path realPath(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            return path.toAbsolutePath().normalize();
        }
    }
}
