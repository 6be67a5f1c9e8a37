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

"""Confluent's Python client (confluent-kafka-python) against a schema registry and a broker.

Usage: confluent_registry_client.py REGISTRY_URL BOOTSTRAP TOPIC
Prints one line per check ("ok <name>"); any failure raises and exits non-zero.
"""
import sys

from confluent_kafka import DeserializingConsumer, SerializingProducer
from confluent_kafka.schema_registry import Schema, SchemaRegistryClient
from confluent_kafka.schema_registry.error import SchemaRegistryError
from confluent_kafka.schema_registry.json_schema import JSONDeserializer, JSONSerializer
from confluent_kafka.serialization import StringDeserializer, StringSerializer

url, bootstrap, topic = sys.argv[1:4]
client = SchemaRegistryClient({"url": url})

USER_V1 = '{"type":"record","name":"User","fields":[{"name":"name","type":"string"}]}'
USER_V2 = ('{"type":"record","name":"User","fields":[{"name":"name","type":"string"},'
           '{"name":"age","type":"int","default":0}]}')
USER_BAD = ('{"type":"record","name":"User","fields":[{"name":"name","type":"string"},'
            '{"name":"email","type":"string"}]}')


def check(name, condition):
    if not condition:
        raise AssertionError(name)
    print("ok " + name, flush=True)


# Avro through the client's REST calls (its AvroSerializer needs fastavro, which Debian does not package).
avro_id = client.register_schema("py-users-value", Schema(USER_V1, "AVRO"))
check("register returns an id", avro_id > 0)
check("register again returns the same id", client.register_schema("py-users-value", Schema(USER_V1, "AVRO")) == avro_id)
check("get_schema by id", client.get_schema(avro_id).schema_str == USER_V1)
latest = client.get_latest_version("py-users-value")
check("get_latest_version", latest.version == 1 and latest.schema_id == avro_id and latest.subject == "py-users-value")
check("lookup_schema", client.lookup_schema("py-users-value", Schema(USER_V1, "AVRO")).version == 1)
check("test_compatibility says no", client.test_compatibility("py-users-value", Schema(USER_BAD, "AVRO")) is False)
check("test_compatibility says yes", client.test_compatibility("py-users-value", Schema(USER_V2, "AVRO")) is True)
try:
    client.register_schema("py-users-value", Schema(USER_BAD, "AVRO"))
    raise AssertionError("an incompatible schema was registered")
except SchemaRegistryError as e:
    check("incompatible is 409", e.http_status_code == 409 and e.error_code == 409)
try:
    client.get_version("py-users-value", 9)
    raise AssertionError("version 9 was found")
except SchemaRegistryError as e:
    check("unknown version is 40402", e.http_status_code == 404 and e.error_code == 40402)
try:
    client.register_schema("py-users-value", Schema('{"type":"nope"}', "AVRO"))
    raise AssertionError("an invalid schema was registered")
except SchemaRegistryError as e:
    check("invalid schema is 42201", e.http_status_code == 422 and e.error_code == 42201)
check("set_compatibility", client.set_compatibility("py-users-value", "NONE")["compatibility"] == "NONE")
check("get_compatibility", client.get_compatibility("py-users-value") == "NONE")
check("register after NONE", client.register_schema("py-users-value", Schema(USER_BAD, "AVRO")) != avro_id)
check("get_versions", client.get_versions("py-users-value") == [1, 2])
check("delete_version", client.delete_version("py-users-value", 2) == 2)
check("get_subjects", "py-users-value" in client.get_subjects())
check("delete_subject (soft, then permanent)", client.delete_subject("py-users-value", permanent=True) == [1])

# JSON Schema through a topic: the serializer registers the schema, the deserializer validates what it reads.
ORDER = ('{"$schema":"http://json-schema.org/draft-07/schema#","title":"Order","type":"object",'
         '"properties":{"id":{"type":"string"},"amount":{"type":"number"}},"required":["id"]}')
producer = SerializingProducer({
    "bootstrap.servers": bootstrap,
    "key.serializer": StringSerializer("utf_8"),
    "value.serializer": JSONSerializer(ORDER, client),
})
producer.produce(topic, key="o1", value={"id": "o1", "amount": 12.5})
check("produced", producer.flush(30) == 0)
registered = client.get_latest_version(topic + "-value")
check("the serializer registered JSON", registered.schema.schema_type == "JSON")

consumer = DeserializingConsumer({
    "bootstrap.servers": bootstrap,
    "group.id": "py-registry",
    "auto.offset.reset": "earliest",
    "key.deserializer": StringDeserializer("utf_8"),
    "value.deserializer": JSONDeserializer(ORDER),
})
consumer.subscribe([topic])
message = None
for _ in range(60):
    message = consumer.poll(1.0)
    if message is not None and message.error() is None:
        break
consumer.close()
check("consumed the order", message is not None and message.value() == {"id": "o1", "amount": 12.5})
print("done", flush=True)
