package io.skiff.broker.server;

/**
 * One address to listen on.
 *
 * @param name listener name, e.g. {@code PLAINTEXT}
 * @param host host or IP to bind; empty or {@code 0.0.0.0} binds every interface
 * @param port port to bind; 0 picks a free one
 */
public record ListenerSpec(String name, String host, int port) {}
