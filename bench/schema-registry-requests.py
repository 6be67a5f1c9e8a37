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

"""Registers 1,000 AVRO schemas (one subject each) and looks each up by id three times, over one keep-alive HTTP
connection (python3-requests), and prints requests per second. Needs a running registry:

  mvn -B -ntp -o -q -pl schema-registry -am compile dependency:build-classpath \
      -Dmdep.outputFile=cp.txt -Dmdep.includeScope=runtime
  java -cp schema-registry/target/classes:$(cat cp.txt) io.skiff.broker.launch.Main \
      --override log.dirs=/tmp/registry-bench --override schema.registry.listener=http://127.0.0.1:8081 &
  /usr/bin/python3 bench/schema-registry-requests.py http://127.0.0.1:8081
"""
import sys
import time

import requests

url = sys.argv[1]
s = requests.Session()
h = {"Content-Type": "application/vnd.schemaregistry.v1+json"}
ids = []
t0 = time.perf_counter()
for i in range(1000):
    body = '{"schema":"{\\"type\\":\\"record\\",\\"name\\":\\"R%d\\",\\"fields\\":[{\\"name\\":\\"f\\",\\"type\\":\\"int\\"}]}"}' % i
    r = s.post("%s/subjects/bench-%d/versions" % (url, i), data=body, headers=h)
    assert r.status_code == 200, r.text
    ids.append(r.json()["id"])
t1 = time.perf_counter()
for _ in range(3):
    for i in ids:
        r = s.get("%s/schemas/ids/%d" % (url, i))
        assert r.status_code == 200
t2 = time.perf_counter()
print("register 1000: %.0f req/s; lookup by id 3000: %.0f req/s" % (1000 / (t1 - t0), 3000 / (t2 - t1)))
