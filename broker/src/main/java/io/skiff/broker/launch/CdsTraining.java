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
import io.skiff.protocol.ApiMessage;
import io.skiff.protocol.ByteBufferAccessor;
import io.skiff.protocol.header.RequestHeader;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.ApiVersionsRequest;
import io.skiff.protocol.message.MetadataRequest;
import java.io.DataInputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The build's training run for {@link CdsArchive}: run under {@code -XX:ArchiveClassesAtExit=skiff.jsa -cp
 * skiff.jar} (app/pom.xml), it starts a broker, answers a client's first requests (ApiVersions, Metadata) and
 * stops, so that the JVM dumps every class a start and a first client need when it exits. When the jar has the web
 * console, the broker starts with it, as {@code java -jar} does, and serves its first page.
 *
 * <p>Not part of the broker's behaviour; a failure here only means no archive, and a slower start.
 */
public final class CdsTraining {
    private CdsTraining() {}

    public static void main(String[] args) throws Exception {
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        Path jar = CdsArchive.runningJar().orElseThrow(() -> new IllegalStateException("run me from skiff.jar"));
        CdsArchive archive = CdsArchive.besideJar(jar);
        // The JVM writes the new archive on exit; an old one must not outlive a failed dump beside a new sidecar.
        Files.deleteIfExists(archive.archive());
        Files.deleteIfExists(archive.sidecar());
        SkiffServer.Builder builder = SkiffServer.builder();
        if (ConsoleDefault.consoleOnClasspath()) {
            builder.console("http://127.0.0.1:0");
        }
        try (SkiffServer server = builder.start()) {
            server.createTopic("cds-training", 1);
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", server.port()), 10_000);
                socket.setSoTimeout(10_000);
                exchange(
                        socket,
                        ApiKeys.API_VERSIONS,
                        (short) 3,
                        new ApiVersionsRequest()
                                .setClientSoftwareName("skiff-cds-training")
                                .setClientSoftwareVersion("1"));
                exchange(socket, ApiKeys.METADATA, (short) 12, new MetadataRequest().setTopics(null));
            }
            Optional<String> console = server.extensionUrl("console");
            if (console.isPresent()) {
                get(URI.create(console.get()));
            }
        }
        archive.writeSidecar(jar);
    }

    /** GET / over a plain socket (no HTTP client classes in the archive that the broker never uses). */
    private static void get(URI console) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(console.getHost(), console.getPort()), 10_000);
            socket.setSoTimeout(10_000);
            String request = "GET / HTTP/1.1\r\nHost: " + console.getHost() + ":" + console.getPort()
                    + "\r\nConnection: close\r\n\r\n";
            socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            socket.getInputStream().readAllBytes();
        }
    }

    /** Sends one request and reads the whole response. */
    private static void exchange(Socket socket, ApiKeys api, short version, ApiMessage request) throws IOException {
        RequestHeader header = new RequestHeader(api, version, 1, "skiff-cds-training");
        ByteBuffer frame = ByteBuffer.allocate(4 + header.size() + request.size(version));
        frame.putInt(frame.capacity() - 4);
        ByteBufferAccessor out = new ByteBufferAccessor(frame);
        header.write(out);
        request.write(out, version);
        socket.getOutputStream().write(frame.array());
        DataInputStream in = new DataInputStream(socket.getInputStream());
        in.readFully(new byte[in.readInt()]);
    }
}
