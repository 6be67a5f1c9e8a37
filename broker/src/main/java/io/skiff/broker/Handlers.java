package io.skiff.broker;

import io.skiff.broker.handler.ApiVersionsHandler;
import io.skiff.broker.handler.HandlerRegistry;

/**
 * The one place where the broker's API handlers are wired. Each handler is one line; ApiVersions advertises
 * exactly what is registered here.
 *
 * <p>Thread-safety: called once per broker start, before connections are accepted.
 */
public final class Handlers {
  private Handlers() {}

  public static void registerAll(HandlerRegistry registry, BrokerContext ctx) {
    registry.register(new ApiVersionsHandler(registry));
  }
}
