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
// Drives Confluent's JavaScript client (@confluentinc/kafka-javascript, librdkafka inside; its KafkaJS-style API with
// default settings) against a broker for Skiff's compat tests (ConfluentJsCompatTest).
// usage: node confluent-compat.js BOOTSTRAP COMMAND ARGS...
// Results go to stdout, one fact per line, so the Java test can compare them exactly; the client's log goes to
// stderr. Any failure exits with status 1 and the error on stderr.
const { Kafka, logLevel, ConsumerGroupStates, ConsumerGroupTypes } = require('@confluentinc/kafka-javascript').KafkaJS;
const { librdkafkaVersion, CODES } = require('@confluentinc/kafka-javascript');

const [bootstrap, command, ...args] = process.argv.slice(2);

const kafka = new Kafka({
  kafkaJS: {
    brokers: bootstrap.split(','),
    clientId: 'skiff-confluent-compat',
    logLevel: logLevel.WARN,
    logger: {
      info: () => {},
      debug: () => {},
      warn: (message, extra) => process.stderr.write(`[warn] ${message} ${JSON.stringify(extra || {})}\n`),
      error: (message, extra) => process.stderr.write(`[error] ${message} ${JSON.stringify(extra || {})}\n`),
      namespace: () => {},
      setLogLevel: () => {},
    },
  },
});

// Collected and written once at the end: process.exit() does not wait for a pipe to drain.
const output = [];
const out = (line) => output.push(line + '\n');
const finish = (code) => process.stdout.write(output.join(''), () => process.exit(code));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// The KafkaJS-style API gives librdkafka's init_transactions, commit_transaction and abort_transaction a fixed 5 s
// (lib/kafkajs/_producer.js of 1.10.1: no setting lengthens it), which a loaded machine can exceed. librdkafka says a
// call that timed out may be made again and resumes where it stopped: these helpers do so, for at most 60 s in all
// (the Java client's max.block.ms), so that only a real failure fails the test.
const TXN_DEADLINE_MS = 60000;
const timedOut = (e) => e && e.code === CODES.ERRORS.ERR__TIMED_OUT && e.retriable !== false;

async function resumingTimeouts(what, call) {
  const deadline = Date.now() + TXN_DEADLINE_MS;
  for (;;) {
    try {
      return await call();
    } catch (e) {
      if (!timedOut(e) || Date.now() > deadline) throw e;
      process.stderr.write(`[retry] ${what} timed out after librdkafka's 5 s; called again\n`);
    }
  }
}

/** A connected transactional producer: connect() runs init_transactions; a fresh producer resumes a timed-out one. */
async function transactionalProducer(transactionalId) {
  return resumingTimeouts('connect (init_transactions)', async () => {
    const producer = kafka.producer({ kafkaJS: { transactionalId, idempotent: true, maxInFlightRequests: 1 } });
    try {
      await producer.connect();
      return producer;
    } catch (e) {
      await producer.disconnect().catch(() => {});
      throw e;
    }
  });
}

/** Resolves once check() is true, polling every 50 ms (calling step first, if given); rejects after timeoutMs. */
async function until(what, check, timeoutMs = 60000, step = async () => {}) {
  const deadline = Date.now() + timeoutMs;
  await step();
  while (!check()) {
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await sleep(50);
    await step();
  }
}

const headersText = (headers) =>
  Object.keys(headers || {}).sort().map((k) => `${k}=${headers[k].toString()}`).join(',');

const sentText = (results) => results.map((r) => `sent ${r.topicName} ${r.partition} error=${r.errorCode} base=${r.baseOffset}`);

/** A consumer of group (protocol classic or consumer) that records what it reads in records, tagged with name. */
async function startConsumer(name, topic, group, protocol, records) {
  const consumer = kafka.consumer({
    kafkaJS: { groupId: group, fromBeginning: true },
    'group.protocol': protocol,
  });
  await consumer.connect();
  await consumer.subscribe({ topics: [topic] });
  consumer.run({
    eachMessage: async ({ partition, message }) => {
      records.push(`record ${partition} ${message.offset} ${message.key} ${message.value} ` +
          `${headersText(message.headers)} by=${name}`);
    },
  });
  return consumer;
}

/** The name of a value of one of the client's enums (ConsumerGroupStates, ConsumerGroupTypes). */
const nameOf = (values, value) => Object.keys(values).find((k) => values[k] === value) || `${value}`;

const partitionsOf = (consumer) => consumer.assignment().map((tp) => tp.partition).sort((a, b) => a - b);

const commands = {
  // version: the bundled librdkafka
  async version() {
    out(`librdkafka ${librdkafkaVersion}`);
  },

  // produce TOPIC COUNT: records key-i / value-i with headers, one send each; a plain (non-idempotent) producer
  async produce(topic, count) {
    const producer = kafka.producer({ 'enable.idempotence': false });
    await producer.connect();
    try {
      for (let i = 0; i < Number(count); i++) {
        const results = await producer.send({
          topic,
          messages: [{ key: `key-${i}`, value: `value-${i}`, headers: { seq: `${i}`, via: 'confluent' } }],
        });
        sentText(results).forEach(out);
      }
    } finally {
      await producer.disconnect();
    }
  },

  // idempotent TOPIC COUNT: an idempotent producer (enable.idempotence) sending COUNT records, 5 sends in flight
  async idempotent(topic, count) {
    const producer = kafka.producer({ kafkaJS: { idempotent: true } });
    await producer.connect();
    try {
      const sends = [];
      for (let i = 0; i < Number(count); i++) {
        sends.push(producer.send({ topic, messages: [{ key: `key-${i}`, value: `idem-${i}` }] }));
      }
      for (const results of await Promise.all(sends)) {
        sentText(results).forEach(out);
      }
    } finally {
      await producer.disconnect();
    }
  },

  // consume TOPIC GROUP PROTOCOL COUNT: one consumer of the group reads COUNT records, commits, leaves
  async consume(topic, group, protocol, count) {
    const records = [];
    const consumer = await startConsumer('c1', topic, group, protocol, records);
    try {
      await until(`${count} records`, () => records.length >= Number(count));
      out(`assigned ${partitionsOf(consumer).join(',')}`);
    } finally {
      await consumer.disconnect();
    }
    records.forEach(out);
  },

  // rebalance TOPIC GROUP PROTOCOL PARTITIONS PER_PHASE: two consumers split the topic; the records of phase 1 are
  // produced and read; the second consumer leaves (committing what it read); the first takes over every partition
  // and reads phase 2. Prints each consumer's partitions at each step and every record read with who read it.
  async rebalance(topic, group, protocol, partitions, perPhase) {
    const n = Number(perPhase);
    const records = [];
    const producer = kafka.producer({ 'enable.idempotence': false, 'linger.ms': 0 });
    await producer.connect();
    const produce = async (phase) => {
      for (let i = 0; i < n; i++) {
        await producer.send({
          topic,
          messages: [{ partition: i % Number(partitions), key: `key-${phase}-${i}`, value: `v-${phase}-${i}` }],
        });
      }
    };
    const c1 = await startConsumer('c1', topic, group, protocol, records);
    const c2 = await startConsumer('c2', topic, group, protocol, records);
    try {
      await until('both consumers to own partitions', () =>
        partitionsOf(c1).length > 0 && partitionsOf(c2).length > 0 &&
          partitionsOf(c1).length + partitionsOf(c2).length === Number(partitions));
      out(`split c1=${partitionsOf(c1).join(',')} c2=${partitionsOf(c2).join(',')}`);
      await produce(1);
      await until(`phase 1 (${n} records)`, () => records.length >= n);
      await c2.disconnect();
      await until('c1 to own every partition', () => partitionsOf(c1).length === Number(partitions));
      out(`after-leave c1=${partitionsOf(c1).join(',')}`);
      await produce(2);
      await until(`phase 2 (${2 * n} records)`, () => records.length >= 2 * n);
      await sleep(500); // a record read twice would show up now
    } finally {
      await c1.disconnect();
      await producer.disconnect();
    }
    records.forEach(out);
  },

  // transactions TOPIC GROUP: commit 2 records, abort 1, commit 1 more with the group's offset 3 (sendOffsets); a
  // read_committed consumer (librdkafka's default) reads back the committed ones
  async transactions(topic, group) {
    const producer = await transactionalProducer(`${topic}-tx`);
    const offsetsConsumer = kafka.consumer({ kafkaJS: { groupId: group } });
    await offsetsConsumer.connect();
    try {
      const send = (txn, value) => txn.send({ topic, messages: [{ partition: 0, key: value, value }] });
      let txn = await producer.transaction();
      await send(txn, 'c0');
      await send(txn, 'c1');
      await resumingTimeouts('commit', () => txn.commit());
      txn = await producer.transaction();
      await send(txn, 'a0');
      await resumingTimeouts('abort', () => txn.abort());
      txn = await producer.transaction();
      await send(txn, 'c2');
      await txn.sendOffsets({
        consumer: offsetsConsumer,
        topics: [{ topic, partitions: [{ partition: 0, offset: '3' }] }],
      });
      await resumingTimeouts('commit', () => txn.commit());
      out('transactions done');
    } finally {
      await offsetsConsumer.disconnect();
      await producer.disconnect();
    }
    const read = [];
    const consumer = kafka.consumer({ kafkaJS: { groupId: `${group}-reader`, fromBeginning: true } });
    await consumer.connect();
    try {
      await consumer.subscribe({ topics: [topic] });
      consumer.run({ eachMessage: async ({ message }) => { read.push(message.value.toString()); } });
      await until('3 committed records', () => read.length >= 3);
      await sleep(500); // an aborted record would show up now
    } finally {
      await consumer.disconnect();
    }
    out(`read ${read.join(' ')}`);
  },

  // admin-create TOPIC PARTITIONS: createTopics (twice), fetchTopicMetadata, listTopics
  async 'admin-create'(topic, partitions) {
    const admin = kafka.admin();
    await admin.connect();
    try {
      out(`created ${await admin.createTopics({ topics: [{ topic, numPartitions: Number(partitions) }] })}`);
      // a second create of the same topic answers false (TOPIC_ALREADY_EXISTS), as in kafkajs
      out(`created-again ${await admin.createTopics({ topics: [{ topic, numPartitions: Number(partitions) }] })}`);
      // Kafka answers metadata of a new topic once its controller has propagated it: retry until then
      let topics;
      await until(`metadata of ${topic}`, () => topics !== undefined, 30000, async () => {
        topics = await admin.fetchTopicMetadata({ topics: [topic] }).catch(() => undefined);
      });
      for (const t of topics) {
        const ids = t.partitions.map((p) => `${p.partitionId}:leader=${p.leader}`).sort();
        out(`metadata ${t.name} ${ids.join(' ')}`);
      }
      out(`listed ${(await admin.listTopics()).includes(topic)}`);
    } finally {
      await admin.disconnect();
    }
  },

  // admin-group TOPIC GROUP: the group's description, committed offsets and listing; deleteGroups, deleteTopics
  async 'admin-group'(topic, group) {
    const admin = kafka.admin();
    await admin.connect();
    try {
      const { groups } = await admin.describeGroups([group]);
      for (const g of groups) {
        out(`group ${g.groupId} state=${nameOf(ConsumerGroupStates, g.state)} type=${nameOf(ConsumerGroupTypes, g.type)} ` +
            `protocolType=${g.protocolType} members=${g.members.length}`);
      }
      const offsets = await admin.fetchOffsets({ groupId: group, topics: [topic] });
      for (const t of offsets) {
        for (const p of [...t.partitions].sort((a, b) => a.partition - b.partition)) {
          out(`committed ${t.topic} ${p.partition} ${p.offset}`);
        }
      }
      const listed = (await admin.listGroups()).groups.filter((g) => g.groupId === group);
      out(`listed-group ${listed.map((g) => `${g.groupId} ${nameOf(ConsumerGroupTypes, g.type)}`).join(',')}`);
      const deleted = await admin.deleteGroups([group]);
      out(`deleted-group ${deleted.map((d) => `${d.groupId} error=${d.errorCode}`).join(',')}`);
      await admin.deleteTopics({ topics: [topic] });
      out(`listed-after-delete ${(await admin.listTopics()).includes(topic)}`);
    } finally {
      await admin.disconnect();
    }
  },
};

const run = commands[command];
if (!run) {
  process.stderr.write(`unknown command ${command}; one of ${Object.keys(commands).join(', ')}\n`);
  process.exit(2);
}
run(...args).then(
  () => finish(0),
  (e) => {
    process.stderr.write(`${e && e.stack ? e.stack : e}\n`);
    finish(1);
  },
);
