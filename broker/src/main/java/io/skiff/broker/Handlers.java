package io.skiff.broker;

import io.skiff.broker.handler.ApiVersionsHandler;
import io.skiff.broker.handler.CreateTopicsHandler;
import io.skiff.broker.handler.DeleteTopicsHandler;
import io.skiff.broker.handler.FetchHandler;
import io.skiff.broker.handler.GroupHandlers;
import io.skiff.broker.handler.HandlerRegistry;
import io.skiff.broker.handler.InitProducerIdHandler;
import io.skiff.broker.handler.ListOffsetsHandler;
import io.skiff.broker.handler.MetadataHandler;
import io.skiff.broker.handler.ProduceHandler;
import io.skiff.broker.topic.DataPlane;

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
    DataPlane data = ctx.dataPlane();
    registry.register(new MetadataHandler(data.topics(), ctx));
    registry.register(new ProduceHandler(data.topics()));
    registry.register(new FetchHandler(data.topics(), data.fetches()));
    registry.register(new ListOffsetsHandler(data.topics()));
    registry.register(new CreateTopicsHandler(data.topics(), ctx.config(), ctx.nodeId(), data.adminExecutor()));
    registry.register(new DeleteTopicsHandler(data.topics(), ctx.config().deleteTopicEnable(), data.adminExecutor()));
    registry.register(new InitProducerIdHandler(data.producerIds()));
    GroupHandlers.register(registry, ctx.groupCoordinator(), ctx.nodeId(), ctx::advertisedEndpoint,
        (topic, partition) -> ctx.topics().topic(topic).map(t -> partition >= 0 && partition < t.partitionCount())
            .orElse(false), ctx.clock());
  }
}
