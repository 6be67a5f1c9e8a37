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

"""Confluent's Python SchemaRegistryClient against an https:// registry with HTTP basic authentication.

Usage: registry_security_client.py REGISTRY_URL CA_PEM USER PASSWORD
Prints one line per check ("ok <name>"), then "done"; any failure raises and exits non-zero.
"""
import sys

from confluent_kafka.schema_registry import Schema, SchemaRegistryClient
from confluent_kafka.schema_registry.error import SchemaRegistryError

url, ca, user, password = sys.argv[1:5]
SCHEMA = '{"type":"record","name":"PySecret","fields":[{"name":"v","type":"string"}]}'


def check(name, condition):
    if not condition:
        raise AssertionError(name)
    print("ok " + name, flush=True)


client = SchemaRegistryClient({"url": url, "ssl.ca.location": ca, "basic.auth.user.info": user + ":" + password})
schema_id = client.register_schema("py-secret-value", Schema(SCHEMA, "AVRO"))
check("registers over TLS with basic auth", schema_id > 0)
check("reads it back by id", client.get_schema(schema_id).schema_str == SCHEMA)
check("lists its subject", "py-secret-value" in client.get_subjects())

for name, conf in (
        ("a wrong password", {"basic.auth.user.info": user + ":not-" + password}),
        ("no credentials", {})):
    refused = SchemaRegistryClient(dict({"url": url, "ssl.ca.location": ca}, **conf))
    try:
        refused.get_subjects()
        raise AssertionError(name + " was let in")
    except SchemaRegistryError as e:
        check(name + " gets 401 Unauthorized",
              e.http_status_code == 401 and e.error_code == 401 and e.error_message == "Unauthorized")

print("done", flush=True)
