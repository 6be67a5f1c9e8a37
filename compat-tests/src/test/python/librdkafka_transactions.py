#
# Copyright 2026 The Skiff authors
#
# Licensed under the Apache License, Version 2.0 (the "License");
# you may not use this file except in compliance with the License.
# You may obtain a copy of the License at
#
#     https://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.
#

"""librdkafka transactions (confluent-kafka-python) against a broker, with the client's default settings.

Usage: librdkafka_transactions.py BOOTSTRAP TOPIC INPUT_TOPIC GROUP

1. commits a transaction of three records, aborts one of two, commits one more;
2. consume-transform-produce: reads INPUT_TOPIC in GROUP, writes each value upper-cased to TOPIC and commits the
   consumer's offsets inside the transaction (send_offsets_to_transaction);
3. reads TOPIC with the default isolation level (read_committed) and prints one line per record: "value".
Exits non-zero on any error.
"""
import sys

from confluent_kafka import Consumer, KafkaException, Producer, TopicPartition

bootstrap, topic, input_topic, group = sys.argv[1:5]
TIMEOUT = 30


def delivery(err, msg):
    if err is not None:
        raise KafkaException(err)


producer = Producer({"bootstrap.servers": bootstrap, "transactional.id": "py-txn-" + topic})
producer.init_transactions(TIMEOUT)

producer.begin_transaction()
for value in ("c1", "c2", "c3"):
    producer.produce(topic, value=value, key="k", on_delivery=delivery)
producer.commit_transaction(TIMEOUT)

producer.begin_transaction()
for value in ("a1", "a2"):
    producer.produce(topic, value=value, key="k", on_delivery=delivery)
producer.flush(TIMEOUT)
producer.abort_transaction(TIMEOUT)

producer.begin_transaction()
producer.produce(topic, value="c4", key="k", on_delivery=delivery)
producer.commit_transaction(TIMEOUT)

# consume-transform-produce with the group's offsets committed in the transaction
consumer = Consumer({
    "bootstrap.servers": bootstrap,
    "group.id": group,
    "auto.offset.reset": "earliest",
    "enable.auto.commit": False,
})
consumer.subscribe([input_topic])
inputs = []
while len(inputs) < 2:
    msg = consumer.poll(1.0)
    if msg is None:
        continue
    if msg.error():
        raise KafkaException(msg.error())
    inputs.append(msg)
producer.begin_transaction()
for msg in inputs:
    producer.produce(topic, value=msg.value().decode().upper(), key="k", on_delivery=delivery)
positions = consumer.position([TopicPartition(input_topic, 0)])
producer.send_offsets_to_transaction(positions, consumer.consumer_group_metadata(), TIMEOUT)
producer.commit_transaction(TIMEOUT)
consumer.close()

reader = Consumer({
    "bootstrap.servers": bootstrap,
    "group.id": group + "-reader",
    "auto.offset.reset": "earliest",
    "enable.partition.eof": True,
})
reader.assign([TopicPartition(topic, 0, 0)])
while True:
    msg = reader.poll(5.0)
    if msg is None:
        raise SystemExit("no end of partition within 5 s")
    if msg.error():
        if msg.error().code() == -191:  # _PARTITION_EOF
            break
        raise KafkaException(msg.error())
    print(msg.value().decode(), flush=True)
reader.close()
