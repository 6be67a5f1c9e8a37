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
// @kafkajs/confluent-schema-registry against Skiff's registry: Avro, Protobuf and JSON Schema registered, encoded
// and decoded, and an incompatible Avro schema refused. Usage: node registry-client.js REGISTRY_URL
'use strict';
const assert = require('assert');
const { SchemaRegistry, SchemaType } = require('@kafkajs/confluent-schema-registry');

async function main() {
  const registry = new SchemaRegistry({ host: process.argv[2] });

  const avro = {
    type: 'record', name: 'Order', namespace: 'shop',
    fields: [{ name: 'id', type: 'string' }, { name: 'amount', type: 'int' }],
  };
  const { id: avroId } = await registry.register(
    { type: SchemaType.AVRO, schema: JSON.stringify(avro) }, { subject: 'js-orders-value' });
  const avroBytes = await registry.encode(avroId, { id: 'o-1', amount: 42 });
  assert.strictEqual(avroBytes[0], 0, 'magic byte');
  assert.strictEqual(avroBytes.readInt32BE(1), avroId, 'schema id in the frame');
  // avsc decodes into its record class: compare the fields
  assert.deepStrictEqual({ ...(await registry.decode(avroBytes)) }, { id: 'o-1', amount: 42 });
  assert.strictEqual(await registry.getLatestSchemaId('js-orders-value'), avroId);
  console.log('ok avro ' + avroId);
  console.log('frame avro ' + avroBytes.toString('base64'));

  // a field without default breaks BACKWARD: the client must surface the registry's 409
  const incompatible = { ...avro, fields: [...avro.fields, { name: 'currency', type: 'string' }] };
  await assert.rejects(
    registry.register({ type: SchemaType.AVRO, schema: JSON.stringify(incompatible) }, { subject: 'js-orders-value' }),
    (e) => { console.log('ok refused: ' + e.message); return /409|incompatible/i.test(e.message + (e.status || '')); });

  const proto = 'syntax = "proto3";\npackage shop;\nmessage Payment {\n  string id = 1;\n  int64 cents = 2;\n}\n';
  const { id: protoId } = await registry.register(
    { type: SchemaType.PROTOBUF, schema: proto }, { subject: 'js-payments-value' });
  const protoBytes = await registry.encode(protoId, { id: 'p-1', cents: 1250 });
  const payment = await registry.decode(protoBytes);
  assert.strictEqual(payment.id, 'p-1');
  assert.strictEqual(Number(payment.cents), 1250);
  console.log('ok protobuf ' + protoId);
  console.log('frame protobuf ' + protoBytes.toString('base64'));

  const json = {
    type: 'object', properties: { sku: { type: 'string' }, qty: { type: 'integer' } }, required: ['sku'],
  };
  const { id: jsonId } = await registry.register(
    { type: SchemaType.JSON, schema: JSON.stringify(json) }, { subject: 'js-items-value' });
  const jsonBytes = await registry.encode(jsonId, { sku: 'abc', qty: 2 });
  assert.deepStrictEqual({ ...(await registry.decode(jsonBytes)) }, { sku: 'abc', qty: 2 });
  await assert.rejects(registry.encode(jsonId, { qty: 2 }), 'a value without the required sku is refused');
  console.log('ok json ' + jsonId);
  console.log('frame json ' + jsonBytes.toString('base64'));
  console.log('done');
}

main().catch((e) => { console.error(e); process.exit(1); });
