#!/usr/bin/env bash
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

# Share consumption (KIP-932), Skiff vs Apache Kafka 4.4 on this machine, with Kafka's own ShareConsumerPerformance.
#
# usage: bench/share-consumer-bench.sh            (run from the repository root or anywhere in it; builds nothing)
#
# Expects app/target/skiff.jar (mvn -q -B -ntp -Pquick package -pl app -am). Starts a real Kafka 4.4
# (start-kafka.sh, its own temp dir) and Skiff (java -jar, its own temp dir), fills a one-partition topic on each with
# ProducerPerformance ($N records of 100 B), then runs ShareConsumerPerformance over the $N records, a new share group
# (share.auto.offset.reset=earliest) per run, $ROUNDS rounds alternating the brokers (the order flips every round),
# printing the load average before each run: the machine may be shared.
#
# Environment (all optional): N=300000 ROUNDS=2 KAFKA_PORT=9192 (and +1 for its controller) SKIFF_PORT=9292
#   KAFKA_TOOLS  folder with tool.sh and start-kafka.sh (default: ../shared/tools/kafka from the repository root)
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
# shellcheck source=lib.sh
. "$ROOT/bench/lib.sh"
KT="${KAFKA_TOOLS:-$ROOT/../shared/tools/kafka}"
N="${N:-300000}"
ROUNDS="${ROUNDS:-2}"
KAFKA_PORT="${KAFKA_PORT:-9192}"
SKIFF_PORT="${SKIFF_PORT:-9292}"
WORK="$(mktemp -d)"
start_kafka_and_skiff "$KT" "$KAFKA_PORT" "$SKIFF_PORT" "$WORK"
for port in "$KAFKA_PORT" "$SKIFF_PORT"; do
  for _ in $(seq 1 60); do
    "$KT/tool.sh" org.apache.kafka.tools.TopicCommand --bootstrap-server "127.0.0.1:$port" --create \
      --topic perf-share --partitions 1 --replication-factor 1 >/dev/null 2>&1 && break
    sleep 2
  done
  echo "fill 127.0.0.1:$port"
  "$KT/tool.sh" org.apache.kafka.tools.ProducerPerformance --topic perf-share --num-records "$N" --record-size 100 \
    --throughput -1 --producer-props "bootstrap.servers=127.0.0.1:$port" acks=1 linger.ms=5 | tail -1
done
for r in $(seq 1 "$ROUNDS"); do
  order="$KAFKA_PORT $SKIFF_PORT"
  [ $((r % 2)) -eq 0 ] && order="$SKIFF_PORT $KAFKA_PORT"
  for port in $order; do
    name=Skiff; [ "$port" = "$KAFKA_PORT" ] && name="Kafka 4.4"
    group="perf-share-$r"
    "$KT/tool.sh" org.apache.kafka.tools.ConfigCommand --bootstrap-server "127.0.0.1:$port" --alter \
      --entity-type groups --entity-name "$group" --add-config share.auto.offset.reset=earliest >/dev/null 2>&1
    echo "round $r, $name, load average $(cut -d' ' -f1-3 /proc/loadavg)"
    "$KT/tool.sh" org.apache.kafka.tools.ShareConsumerPerformance --bootstrap-server "127.0.0.1:$port" \
      --topic perf-share --group "$group" --num-records "$N" --timeout 120000 2>&1 | tail -2
  done
done
