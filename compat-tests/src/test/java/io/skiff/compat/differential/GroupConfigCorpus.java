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
package io.skiff.compat.differential;

import static io.skiff.compat.differential.DifferentialCase.of;
import static io.skiff.compat.differential.HandWrittenCorpus.list;

import io.skiff.protocol.message.AlterConfigsRequest;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.DescribeConfigsRequest;
import io.skiff.protocol.message.IncrementalAlterConfigsRequest;
import io.skiff.protocol.message.ListConfigResourcesRequest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Config resources of type GROUP (part of {@link HandWrittenCorpus}): describing a group without settings, setting,
 * deleting and appending, unknown keys, bad and out-of-range values, legacy AlterConfigs, and the listing. Each case
 * works on a group of its own (cases run at every version, so each must leave the same state each time). Values are
 * chosen inside or outside the bounds, which Kafka 4.4 names in its errors: Skiff's
 * group.consumer.min.heartbeat.interval.ms is 100 and its group.consumer.min.session.timeout.ms 1000 (Kafka's are
 * 5000 and 45000, so {@link io.skiff.compat.RealKafka} is configured with Skiff's), the maxima are Kafka's; and a
 * group's unset consumer.heartbeat.interval.ms is described only where both defaults agree (Skiff's 500 against
 * Kafka's 5000).
 */
final class GroupConfigCorpus {
    private static final byte GROUP = 32;
    private static final byte SET = 0;
    private static final byte DELETE = 1;
    private static final byte APPEND = 2;
    private static final byte SUBTRACT = 3;
    private static final String HB = "consumer.heartbeat.interval.ms";
    private static final String SESSION = "consumer.session.timeout.ms";
    /** The keys whose defaults agree on both brokers. */
    private static final String[] SAME_DEFAULTS = {
        SESSION,
        "share.session.timeout.ms",
        "share.heartbeat.interval.ms",
        "share.record.lock.duration.ms",
        "share.auto.offset.reset",
        "share.isolation.level",
        "share.delivery.count.limit",
        "share.partition.max.record.locks",
        "share.renew.acknowledge.enable",
        "streams.assignor.name",
        "streams.initial.rebalance.delay.ms",
        "errors.deadletterqueue.topic.name",
        "streams.session.timeout.ms",
        "streams.heartbeat.interval.ms",
        "streams.num.standby.replicas"
    };

    private GroupConfigCorpus() {}

    static void add(List<DifferentialCase> cases) {
        cases.add(of(
                ApiKeys.DESCRIBE_CONFIGS,
                "group without configs, empty group name",
                v -> describe(describeGroup("hw-gc-none", SAME_DEFAULTS), describeGroup("", SESSION))));
        cases.add(of(
                ApiKeys.INCREMENTAL_ALTER_CONFIGS,
                "group: set consumer and share keys",
                v -> incremental(group(
                        "hw-gc-set",
                        op(SET, HB, "6000"),
                        op(SET, SESSION, "50000"),
                        op(SET, "share.auto.offset.reset", "by_duration:PT1H"),
                        op(SET, "streams.num.standby.replicas", "1")))));
        cases.add(of(
                ApiKeys.DESCRIBE_CONFIGS,
                "group with configs, every key",
                v -> describe(describeGroup("hw-gc-set", (String[]) null))));
        cases.add(of(
                ApiKeys.INCREMENTAL_ALTER_CONFIGS,
                "group: unknown key, bad values, out of bounds, append, subtract, default group",
                v -> incremental(
                        group("hw-gc-bad1", op(SET, "consumer.no.such.key", "1")),
                        group("hw-gc-bad2", op(SET, HB, "abc")),
                        group("hw-gc-bad3", op(SET, HB, "0")),
                        group("hw-gc-bad4", op(SET, HB, "50")),
                        group("hw-gc-bad5", op(SET, HB, "16000")),
                        group("hw-gc-bad6", op(SET, SESSION, "500")),
                        group("hw-gc-bad7", op(SET, SESSION, "70000")),
                        group("hw-gc-bad8", op(APPEND, HB, "6000")),
                        group("hw-gc-bad9", op(SUBTRACT, "share.isolation.level", "read_committed")),
                        group("hw-gc-bad10", op(SET, "share.isolation.level", "READ_COMMITTED")),
                        group("hw-gc-bad11", op(SET, "share.auto.offset.reset", "none")),
                        group("hw-gc-bad12", op(SET, "streams.num.standby.replicas", "3")),
                        group("hw-gc-bad13", op(SET, "share.record.lock.duration.ms", "1000")),
                        group("hw-gc-bad14", op(SET, "share.delivery.count.limit", "99")),
                        group("hw-gc-bad15", op(SET, "streams.assignor.name", "foo")),
                        group("hw-gc-bad16", op(SET, "consumer.assignment.interval.ms", "999999")),
                        group("hw-gc-bad17", op(SET, "share.partition.max.record.locks", "1")),
                        group("", op(SET, HB, "6000")))));
        cases.add(of(
                ApiKeys.INCREMENTAL_ALTER_CONFIGS,
                "group: set two keys for the delete case",
                v -> incremental(group("hw-gc-del", op(SET, HB, "7000"), op(SET, SESSION, "55000")))));
        cases.add(of(
                ApiKeys.INCREMENTAL_ALTER_CONFIGS,
                "group: delete one key, and one never set",
                v -> incremental(group("hw-gc-del", op(DELETE, HB, null), op(DELETE, "share.isolation.level", null)))));
        cases.add(of(
                ApiKeys.DESCRIBE_CONFIGS,
                "group after a delete",
                v -> describe(describeGroup("hw-gc-del", SAME_DEFAULTS))));
        cases.add(of(
                ApiKeys.INCREMENTAL_ALTER_CONFIGS,
                "group: validate only",
                v -> new IncrementalAlterConfigsRequest()
                        .setValidateOnly(true)
                        .setResources(list(
                                group("hw-gc-validate", op(SET, SESSION, "50000")),
                                group("hw-gc-validate2", op(SET, SESSION, "1"))))));
        cases.add(of(
                ApiKeys.ALTER_CONFIGS,
                "group: replace every setting, a bad value, an unknown key",
                v -> new AlterConfigsRequest()
                        .setResources(list(
                                legacy("hw-gc-legacy", SESSION, "52000"),
                                legacy("hw-gc-legacy2", HB, "99"),
                                legacy("hw-gc-legacy3", "no.such.key", "1")))));
        cases.add(of(
                ApiKeys.DESCRIBE_CONFIGS,
                "group set with legacy AlterConfigs, never-altered group",
                v -> describe(describeGroup("hw-gc-legacy", SAME_DEFAULTS), describeGroup("hw-gc-validate", SESSION))));
        cases.add(of(
                ApiKeys.LIST_CONFIG_RESOURCES,
                "groups with configs",
                1,
                v -> new ListConfigResourcesRequest().setResourceTypes(list(GROUP))));
    }

    private static DescribeConfigsRequest describe(DescribeConfigsRequest.DescribeConfigsResource... resources) {
        return new DescribeConfigsRequest()
                .setIncludeSynonyms(true)
                .setResources(new ArrayList<>(Arrays.asList(resources)));
    }

    private static DescribeConfigsRequest.DescribeConfigsResource describeGroup(String name, String... keys) {
        return new DescribeConfigsRequest.DescribeConfigsResource()
                .setResourceType(GROUP)
                .setResourceName(name)
                .setConfigurationKeys(keys == null ? null : new ArrayList<>(Arrays.asList(keys)));
    }

    private static IncrementalAlterConfigsRequest incremental(
            IncrementalAlterConfigsRequest.AlterConfigsResource... resources) {
        return new IncrementalAlterConfigsRequest().setResources(new ArrayList<>(Arrays.asList(resources)));
    }

    private static IncrementalAlterConfigsRequest.AlterConfigsResource group(
            String name, IncrementalAlterConfigsRequest.AlterableConfig... ops) {
        return new IncrementalAlterConfigsRequest.AlterConfigsResource()
                .setResourceType(GROUP)
                .setResourceName(name)
                .setConfigs(new ArrayList<>(Arrays.asList(ops)));
    }

    private static IncrementalAlterConfigsRequest.AlterableConfig op(byte operation, String key, String value) {
        return new IncrementalAlterConfigsRequest.AlterableConfig()
                .setName(key)
                .setConfigOperation(operation)
                .setValue(value);
    }

    private static AlterConfigsRequest.AlterConfigsResource legacy(String name, String key, String value) {
        return new AlterConfigsRequest.AlterConfigsResource()
                .setResourceType(GROUP)
                .setResourceName(name)
                .setConfigs(list(
                        new AlterConfigsRequest.AlterableConfig().setName(key).setValue(value)));
    }
}
