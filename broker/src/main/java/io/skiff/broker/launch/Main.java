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

import io.skiff.broker.SkiffServer;
import io.skiff.broker.server.NettyServer;
import io.skiff.config.BrokerConfig;
import io.skiff.config.ConfigException;
import io.skiff.storage.StorageException;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.BindException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;
import org.slf4j.LoggerFactory;

/**
 * The command line: {@code java -jar skiff.jar [--config FILE] [--override key=value]...}.
 *
 * <p>Configuration precedence is the config module's: file, then {@code KAFKA_*} environment variables, then
 * overrides. Prints one line when ready (listeners, data directory, topics recovered, ms since the launch);
 * on a taken port, an unusable data directory or an invalid configuration it prints one line and exits 1.
 * SIGTERM / Ctrl-C stops it gracefully. Started from {@code skiff.jar} with the class-data-sharing archive the
 * build wrote beside it, the broker runs in a second JVM that maps the archive ({@link FastStartLauncher}).
 *
 * <p>Thread-safety: {@link #main} runs once; the shutdown hook only closes the server.
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        OptionalInt launched = FastStartLauncher.relaunch(args);
        if (launched.isPresent()) {
            System.exit(launched.getAsInt()); // the broker ran in a JVM that maps skiff.jsa; its exit code is ours
        }
        FastStartLauncher.whenLauncherExits(() -> System.exit(1));
        configureSimpleLogger();
        // Initialize logging first, then let Netty load on the other core while the configuration is read and the
        // logs are recovered.
        LoggerFactory.getILoggerFactory();
        NettyServer.warmUpInBackground();
        int exit = run(args, System.out, System.err);
        if (exit != 0) {
            System.exit(exit);
        }
    }

    /** Runs the broker until the JVM is asked to stop; returns the exit code when it could not start. */
    static int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine cli;
        try {
            cli = CommandLine.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("skiff: " + e.getMessage());
            err.println(CommandLine.usage());
            return 1;
        }
        if (cli.help()) {
            out.println(CommandLine.usage());
            return 0;
        }
        SkiffServer server;
        long readyAt;
        try {
            BrokerConfig config = ConsoleDefault.apply(
                    BrokerConfig.load(cli.configFile(), cli.overrides(), System.getenv()),
                    cli.configFile(),
                    cli.overrides(),
                    System.getenv(),
                    out);
            server = SkiffServer.start(config, Clock.systemUTC(), null);
            readyAt = System.currentTimeMillis();
        } catch (ConfigException e) {
            err.println("Skiff failed to start: invalid configuration: " + e.getMessage());
            return 1;
        } catch (BindException e) {
            err.println("Skiff failed to start: " + e.getMessage() + " (is another broker running?)");
            return 1;
        } catch (IOException | IllegalStateException | StorageException | UncheckedIOException e) {
            // Storage errors while recovering the data directory name the file; a stack trace would add nothing.
            err.println("Skiff failed to start: " + e.getMessage());
            return 1;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            try {
                                server.close();
                            } finally {
                                stopped.countDown();
                            }
                        },
                        "skiff-shutdown"));
        out.println(readyLine(server, readyAt));
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }

    /** The startup line; {@code readyAt} is when the broker began accepting, in epoch ms. */
    static String readyLine(SkiffServer server, long readyAt) {
        long launchedAt = FastStartLauncher.launchedAtMillis()
                .orElseGet(() -> ManagementFactory.getRuntimeMXBean().getStartTime());
        long readyMs = readyAt - launchedAt;
        String listeners =
                server.config().listeners().size() == server.boundListeners().size()
                        ? server.boundListeners().stream()
                                .map(l -> l.name() + "://" + l.address().getHostString() + ":" + l.port())
                                .collect(Collectors.joining(", "))
                        : server.bootstrapServers();
        int topics = server.recoveredTopicCount();
        String extensions = server.extensionUrls().entrySet().stream()
                .map(e -> ", " + e.getKey() + " " + e.getValue())
                .collect(Collectors.joining());
        return "Skiff ready in " + readyMs + " ms: listening on " + listeners + ", advertised "
                + server.bootstrapServers()
                + ", data " + server.dataDir().toAbsolutePath() + ", " + topics + (topics == 1 ? " topic" : " topics")
                + " recovered (cluster " + server.clusterId() + ", node " + server.nodeId() + ")" + extensions;
    }

    /**
     * Logs go to stdout with level and milliseconds since start unless the user configured slf4j-simple otherwise.
     * No date format by default: slf4j-simple builds a SimpleDateFormat at startup, which loads the locale and
     * calendar providers — about a quarter of the jar's start time. For wall-clock times set
     * {@code -Dorg.slf4j.simpleLogger.dateTimeFormat=yyyy-MM-dd'T'HH:mm:ss.SSS}.
     */
    private static void configureSimpleLogger() {
        setDefault("org.slf4j.simpleLogger.logFile", "System.out");
        setDefault("org.slf4j.simpleLogger.showDateTime", "true");
        setDefault("org.slf4j.simpleLogger.showShortLogName", "true");
        setDefault("org.slf4j.simpleLogger.showThreadName", "false");
    }

    private static void setDefault(String key, String value) {
        if (System.getProperty(key) == null) {
            System.setProperty(key, value);
        }
    }

    /** The parsed arguments. */
    record CommandLine(Path configFile, Map<String, String> overrides, boolean help) {
        /** How the user started Skiff, for the usage line: the download's {@code bin/skiff} sets {@code skiff}. */
        static final String COMMAND_PROPERTY = "skiff.command";

        static String usage() {
            return usage(System.getProperty(COMMAND_PROPERTY, "java -jar skiff.jar"));
        }

        static String usage(String command) {
            return "usage: " + command + " [--config FILE] [--override key=value]...";
        }

        static CommandLine parse(String[] args) {
            Path config = null;
            Map<String, String> overrides = new LinkedHashMap<>();
            boolean help = false;
            List<String> list = List.of(args);
            for (int i = 0; i < list.size(); i++) {
                String arg = list.get(i);
                switch (arg) {
                    case "-h", "--help" -> help = true;
                    case "--config", "-c" -> {
                        if (++i >= list.size()) {
                            throw new IllegalArgumentException("--config needs a file");
                        }
                        config = Path.of(list.get(i));
                    }
                    case "--override" -> {
                        if (++i >= list.size()) {
                            throw new IllegalArgumentException("--override needs key=value");
                        }
                        addOverride(overrides, list.get(i));
                    }
                    default -> {
                        if (arg.startsWith("--override=")) {
                            addOverride(overrides, arg.substring("--override=".length()));
                        } else if (arg.startsWith("--config=")) {
                            config = Path.of(arg.substring("--config=".length()));
                        } else if (!arg.startsWith("-") && config == null && i == 0) {
                            config = Path.of(arg); // like kafka-server-start.sh server.properties
                        } else {
                            throw new IllegalArgumentException("unknown argument: " + arg);
                        }
                    }
                }
            }
            return new CommandLine(config, overrides, help);
        }

        private static void addOverride(Map<String, String> overrides, String keyValue) {
            int eq = keyValue.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("--override needs key=value, got: " + keyValue);
            }
            overrides.put(
                    keyValue.substring(0, eq).trim(), keyValue.substring(eq + 1).trim());
        }
    }
}
