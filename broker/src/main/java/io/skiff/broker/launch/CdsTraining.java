package io.skiff.broker.launch;

import io.skiff.broker.SkiffServer;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The build's training run for {@link CdsArchive}: run under {@code -XX:ArchiveClassesAtExit=skiff.jsa -jar
 * skiff.jar}, it starts a broker the way {@code Main} does, answers a client's first requests and stops, so that
 * the JVM dumps every class a start needs when it exits.
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
    try (SkiffServer server = SkiffServer.builder().start()) {
      server.createTopic("cds-training", 1);
      try (Socket socket = new Socket()) {
        socket.connect(new InetSocketAddress("127.0.0.1", server.port()), 10_000);
        socket.setSoTimeout(10_000);
        exchange(socket, 18, 0, new byte[0]);               // ApiVersions v0
        exchange(socket, 3, 1, new byte[] {-1, -1, -1, -1}); // Metadata v1, all topics
      }
    }
    archive.writeSidecar(jar);
  }

  /** Sends one request with a v1 header and reads the whole response. */
  private static void exchange(Socket socket, int apiKey, int version, byte[] body) throws IOException {
    byte[] clientId = "skiff-cds-training".getBytes(StandardCharsets.UTF_8);
    ByteArrayOutputStream frame = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(frame);
    out.writeShort(apiKey);
    out.writeShort(version);
    out.writeInt(1);
    out.writeShort(clientId.length);
    out.write(clientId);
    out.write(body);
    DataOutputStream socketOut = new DataOutputStream(socket.getOutputStream());
    socketOut.writeInt(frame.size());
    frame.writeTo(socketOut);
    socketOut.flush();
    DataInputStream in = new DataInputStream(socket.getInputStream());
    in.readFully(new byte[in.readInt()]);
  }
}
