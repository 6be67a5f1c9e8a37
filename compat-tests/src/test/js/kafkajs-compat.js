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
'use strict';
// Drives kafkajs 2.2.4 (default settings) against a broker for Skiff's compat tests (KafkajsCompatTest).
// usage: node kafkajs-compat.js BOOTSTRAP COMMAND ARGS...
// Results go to stdout, one fact per line, so the Java test can compare them exactly; kafkajs's own log goes to
// stderr. Any failure exits with status 1 and the error on stderr.
const { Kafka, CompressionTypes, Partitioners, logLevel } = require('kafkajs');

const [bootstrap, command, ...args] = process.argv.slice(2);

// Optional security, from the environment: KAFKAJS_CA (a PEM file: connect with TLS trusting it) and
// KAFKAJS_SASL (mechanism:user:password, e.g. scram-sha-256:alice:secret).
const security = {};
if (process.env.KAFKAJS_CA) {
  security.ssl = { ca: [require('fs').readFileSync(process.env.KAFKAJS_CA, 'utf8')] };
}
if (process.env.KAFKAJS_SASL) {
  const [mechanism, username, ...password] = process.env.KAFKAJS_SASL.split(':');
  security.sasl = { mechanism, username, password: password.join(':') };
}

const kafka = new Kafka({
  ...security,
  clientId: 'skiff-kafkajs-compat',
  brokers: bootstrap.split(','),
  logLevel: logLevel.WARN,
  logCreator: () => ({ namespace, level, label, log }) =>
    process.stderr.write(`[kafkajs ${label} ${namespace}] ${JSON.stringify(log)}\n`),
});

// Collected and written once at the end: process.exit() does not wait for a pipe to drain.
const output = [];
const out = (line) => output.push(line + '\n');
const finish = (code) => process.stdout.write(output.join(''), () => process.exit(code));

const headersText = (headers) =>
  Object.keys(headers || {}).sort().map((k) => `${k}=${headers[k].toString()}`).join(',');

const commands = {
  // admin-create TOPIC PARTITIONS [KEY=VALUE...]: createTopics, waiting for leaders (the default)
  async 'admin-create'(topic, partitions, ...configs) {
    const admin = kafka.admin();
    await admin.connect();
    try {
      const configEntries = configs.map((c) => {
        const [name, value] = c.split('=');
        return { name, value };
      });
      const created = await admin.createTopics({
        topics: [{ topic, numPartitions: Number(partitions), configEntries }],
      });
      out(`created ${created}`);
      // A second create of the same topic answers false (TOPIC_ALREADY_EXISTS is not an error for kafkajs).
      out(`created-again ${await admin.createTopics({ topics: [{ topic, numPartitions: Number(partitions) }] })}`);
    } finally {
      await admin.disconnect();
    }
  },

  // admin-metadata TOPIC: fetchTopicMetadata and listTopics
  async 'admin-metadata'(topic) {
    const admin = kafka.admin();
    await admin.connect();
    try {
      const { topics } = await admin.fetchTopicMetadata({ topics: [topic] });
      for (const t of topics) {
        for (const p of [...t.partitions].sort((a, b) => a.partitionId - b.partitionId)) {
          out(`partition ${t.name} ${p.partitionId} error=${p.partitionErrorCode} leader=${p.leader} ` +
              `replicas=${p.replicas.join(',')} isr=${p.isr.join(',')}`);
        }
      }
      out(`listed ${(await admin.listTopics()).includes(topic)}`);
      const cluster = await admin.describeCluster();
      out(`brokers ${cluster.brokers.length} controller-is-broker ` +
          `${cluster.brokers.some((b) => b.nodeId === cluster.controller)}`);
    } finally {
      await admin.disconnect();
    }
  },

  // admin-offsets TOPIC: fetchTopicOffsets (earliest/latest) and fetchTopicOffsetsByTimestamp(0)
  async 'admin-offsets'(topic) {
    const admin = kafka.admin();
    await admin.connect();
    try {
      const offsets = await admin.fetchTopicOffsets(topic);
      for (const o of offsets.sort((a, b) => a.partition - b.partition)) {
        out(`offsets ${o.partition} low=${o.low} high=${o.high}`);
      }
      const byTime = await admin.fetchTopicOffsetsByTimestamp(topic, 0);
      for (const o of byTime.sort((a, b) => a.partition - b.partition)) {
        out(`by-time ${o.partition} ${o.offset}`);
      }
    } finally {
      await admin.disconnect();
    }
  },

  // admin-delete TOPIC: deleteTopics, then listTopics
  async 'admin-delete'(topic) {
    const admin = kafka.admin();
    await admin.connect();
    try {
      await admin.deleteTopics({ topics: [topic] });
      out(`listed ${(await admin.listTopics()).includes(topic)}`);
    } finally {
      await admin.disconnect();
    }
  },

  // produce TOPIC COUNT none|gzip: keyed records with headers, in batches of 10, acks=-1 (the default)
  async produce(topic, count, compression) {
    const producer = kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner });
    await producer.connect();
    try {
      const codec = compression === 'gzip' ? CompressionTypes.GZIP : CompressionTypes.None;
      for (let start = 0; start < Number(count); start += 10) {
        const messages = [];
        for (let i = start; i < Math.min(start + 10, Number(count)); i++) {
          messages.push({
            key: `key-${i}`, value: `value-${i}-${compression}`, headers: { seq: `${i}`, via: 'kafkajs' },
          });
        }
        const results = await producer.send({ topic, compression: codec, messages });
        for (const r of results) {
          out(`sent ${r.topicName} ${r.partition} error=${r.errorCode} base=${r.baseOffset}`);
        }
      }
    } finally {
      await producer.disconnect();
    }
  },

  // consume TOPIC GROUP EXPECTED: consumer group from the beginning until EXPECTED records arrived, then
  // commits (autoCommit) and leaves. Prints the records sorted by partition and offset.
  async consume(topic, groupId, expected) {
    const consumer = kafka.consumer({ groupId });
    const records = [];
    await consumer.connect();
    try {
      await consumer.subscribe({ topic, fromBeginning: true });
      await new Promise((resolve, reject) => {
        const { CRASH } = consumer.events;
        consumer.on(CRASH, (e) => reject(e.payload.error));
        consumer.run({
          eachMessage: async ({ partition, message }) => {
            records.push({ partition, offset: Number(message.offset), key: message.key.toString(),
              value: message.value.toString(), headers: headersText(message.headers) });
            if (records.length >= Number(expected)) resolve();
          },
        }).catch(reject);
      });
    } finally {
      await consumer.disconnect();
    }
    records.sort((a, b) => a.partition - b.partition || a.offset - b.offset);
    for (const r of records) out(`record ${r.partition} ${r.offset} ${r.key} ${r.value} ${r.headers}`);
  },

  // produce-idempotent TOPIC COUNT: idempotent producer (InitProducerId, sequence numbers), one message per send
  async 'produce-idempotent'(topic, count) {
    const producer = kafka.producer({
      createPartitioner: Partitioners.DefaultPartitioner, idempotent: true, maxInFlightRequests: 1,
    });
    await producer.connect();
    try {
      for (let i = 0; i < Number(count); i++) {
        const [r] = await producer.send({ topic, messages: [{ key: `idem-${i}`, value: `value-${i}` }] });
        out(`sent ${r.topicName} ${r.partition} error=${r.errorCode} base=${r.baseOffset}`);
      }
    } finally {
      await producer.disconnect();
    }
  },

  // group-two TOPIC PARTITIONS GROUP COUNT: two members of one group share the partitions; once both hold some,
  // an idempotent producer sends COUNT records and the members read them all. Prints what was sent, the records
  // read (sorted) and how many partitions each member held.
  async 'group-two'(topic, partitions, groupId, count) {
    const records = [];
    const assigned = [[], []];
    const consumers = [kafka.consumer({ groupId }), kafka.consumer({ groupId })];
    let balanced;
    const bothAssigned = new Promise((resolve) => { balanced = resolve; });
    let done;
    const allRead = new Promise((resolve, reject) => { done = { resolve, reject }; });
    try {
      for (const [i, consumer] of consumers.entries()) {
        await consumer.connect();
        await consumer.subscribe({ topic, fromBeginning: true });
        consumer.on(consumer.events.CRASH, (e) => done.reject(e.payload.error));
        consumer.on(consumer.events.GROUP_JOIN, (e) => {
          assigned[i] = e.payload.memberAssignment[topic] || [];
          if (assigned[0].length > 0 && assigned[1].length > 0 &&
              assigned[0].length + assigned[1].length === Number(partitions)) balanced();
        });
        await consumer.run({
          eachMessage: async ({ partition, message }) => {
            records.push({ partition, offset: Number(message.offset), key: message.key.toString() });
            if (records.length >= Number(count)) done.resolve();
          },
        });
      }
      await bothAssigned;
      await commands['produce-idempotent'](topic, count);
      await allRead;
    } finally {
      await Promise.all(consumers.map((c) => c.disconnect()));
    }
    records.sort((a, b) => a.partition - b.partition || a.offset - b.offset);
    for (const r of records) out(`record ${r.partition} ${r.offset} ${r.key}`);
    out(`members ${assigned.map((a) => a.length).sort().join(',')}`);
  },

  // admin-partitions TOPIC COUNT: createPartitions, then the partition count fetchTopicMetadata sees
  async 'admin-partitions'(topic, count) {
    const admin = kafka.admin();
    await admin.connect();
    try {
      await admin.createPartitions({ topicPartitions: [{ topic, count: Number(count) }] });
      const { topics } = await admin.fetchTopicMetadata({ topics: [topic] });
      out(`partitions ${topics[0].partitions.length}`);
    } finally {
      await admin.disconnect();
    }
  },

  // admin-configs TOPIC: describeConfigs of the topic's retention.ms and cleanup.policy
  async 'admin-configs'(topic) {
    const admin = kafka.admin();
    await admin.connect();
    try {
      const { resources } = await admin.describeConfigs({
        includeSynonyms: false,
        resources: [{ type: 2, name: topic, configNames: ['retention.ms', 'cleanup.policy'] }],
      });
      for (const r of resources) {
        for (const e of [...r.configEntries].sort((a, b) => a.configName.localeCompare(b.configName))) {
          out(`config ${r.resourceName} ${e.configName}=${e.configValue} default=${e.isDefault}`);
        }
      }
    } finally {
      await admin.disconnect();
    }
  },

  // admin-delete-records TOPIC PARTITION OFFSET: deleteTopicRecords, then fetchTopicOffsets
  async 'admin-delete-records'(topic, partition, offset) {
    const admin = kafka.admin();
    await admin.connect();
    try {
      // kafkajs 2.2.4 needs the topic's metadata loaded first ("Topic metadata not loaded" otherwise, on Kafka too)
      await admin.fetchTopicMetadata({ topics: [topic] });
      await admin.deleteTopicRecords({ topic, partitions: [{ partition: Number(partition), offset }] });
      const offsets = await admin.fetchTopicOffsets(topic);
      for (const o of offsets.sort((a, b) => a.partition - b.partition)) {
        out(`offsets ${o.partition} low=${o.low} high=${o.high}`);
      }
    } finally {
      await admin.disconnect();
    }
  },

  // group-offsets GROUP TOPIC: admin fetchOffsets (what the group committed) and describeGroups
  async 'group-offsets'(groupId, topic) {
    const admin = kafka.admin();
    await admin.connect();
    try {
      const [result] = await admin.fetchOffsets({ groupId, topics: [topic] });
      for (const p of result.partitions.sort((a, b) => a.partition - b.partition)) {
        out(`committed ${result.topic} ${p.partition} ${p.offset}`);
      }
      const { groups } = await admin.describeGroups([groupId]);
      for (const g of groups) {
        out(`group ${g.groupId} state=${g.state} protocolType=${g.protocolType} members=${g.members.length}`);
      }
      const listed = await admin.listGroups();
      out(`listed-group ${listed.groups.some((g) => g.groupId === groupId)}`);
    } finally {
      await admin.disconnect();
    }
  },

  // set-offsets GROUP TOPIC PARTITION OFFSET: admin setOffsets for an empty group
  async 'set-offsets'(groupId, topic, partition, offset) {
    const admin = kafka.admin();
    await admin.connect();
    try {
      await admin.setOffsets({ groupId, topic, partitions: [{ partition: Number(partition), offset }] });
      out('set true');
    } finally {
      await admin.disconnect();
    }
  },

  // delete-group GROUP: admin deleteGroups, then listGroups
  async 'delete-group'(groupId) {
    const admin = kafka.admin();
    await admin.connect();
    try {
      const deleted = await admin.deleteGroups([groupId]);
      for (const d of deleted) out(`deleted ${d.groupId} error=${d.errorCode}`);
      const listed = await admin.listGroups();
      out(`listed-group ${listed.groups.some((g) => g.groupId === groupId)}`);
    } finally {
      await admin.disconnect();
    }
  },
};

commands['transactions'] = async (topic, groupId) => {
  // transactions TOPIC GROUP: commit, abort, sendOffsets + commit, then what a read_committed consumer (kafkajs's
  // default isolation) reads and the group's committed offset
  const producer = kafka.producer({ transactionalId: `${topic}-txn`, idempotent: true, maxInFlightRequests: 1 });
  await producer.connect();
  try {
    const send = (txn, value) => txn.send({ topic, messages: [{ partition: 0, value }] });
    let txn = await producer.transaction();
    await send(txn, 'c0');
    await send(txn, 'c1');
    await txn.commit();
    txn = await producer.transaction();
    await send(txn, 'a0');
    await txn.abort();
    txn = await producer.transaction();
    await send(txn, 'c2');
    await txn.sendOffsets({ consumerGroupId: groupId, topics: [{ topic, partitions: [{ partition: 0, offset: '3' }] }] });
    await txn.commit();
    out('transactions done');
  } finally {
    await producer.disconnect();
  }
  const consumer = kafka.consumer({ groupId: `${groupId}-reader` });
  const values = [];
  await consumer.connect();
  try {
    await consumer.subscribe({ topic, fromBeginning: true });
    await new Promise((resolve) => {
      consumer.run({
        eachMessage: async ({ message }) => {
          values.push(message.value.toString());
          if (values.length >= 3) resolve();
        },
      });
    });
  } finally {
    await consumer.disconnect();
  }
  out(`read ${values.join(' ')}`);
  const admin = kafka.admin();
  await admin.connect();
  try {
    const [offsets] = await admin.fetchOffsets({ groupId, topics: [topic] });
    out(`offset ${offsets.partitions.find((p) => p.partition === 0).offset}`);
  } finally {
    await admin.disconnect();
  }
};

const run = commands[command];
if (!run) {
  process.stderr.write(`unknown command ${command}; known: ${Object.keys(commands).join(' ')}\n`);
  process.exit(2);
}
run(...args).then(
  () => finish(0),
  (e) => {
    process.stderr.write(`kafkajs ${command} failed: ${e && e.stack ? e.stack : e}\n`, () => finish(1));
  },
);
