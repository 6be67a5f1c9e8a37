package io.skiff.broker.quota;

import java.util.List;
import java.util.Map;

/**
 * One entity's changes in an AlterClientQuotas request.
 *
 * @param entity the entity
 * @param ops    key → new value (null: remove), in request order
 */
public record ClientQuotaAlteration(ClientQuotaEntity entity, List<Map.Entry<String, Double>> ops) {}
