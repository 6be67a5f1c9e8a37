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

# Kafka Streams 4.4 rebalances, Skiff vs Apache Kafka 4.4 on this machine, on the streams protocol (KIP-1071) and on
# the classic one: StreamsRebalance.java's time from start() to RUNNING of a fresh word count, and the time for the
# remaining instance to own every task after one of two closes. Broker and client defaults throughout.
#
# usage: bench/streams-rebalance.sh     (from anywhere in the repository)
#
# Expects app/target/skiff.jar (mvn -q -B -ntp -Pquick package -pl app -am) and the Kafka Streams 4.4.0 jars in
# compat-tests/target/kafka-streams/4.4.0 (any compat-tests build copies them). Starts a real Kafka 4.4
# (start-kafka.sh, its own temp dir) and Skiff (java -jar, its own temp dir); $ROUNDS rounds, each running the four
# cases in an order that flips every round; prints every run, then the medians.
#
# Environment (all optional): ROUNDS=3 KAFKA_PORT=9192 (and +1 for its controller) SKIFF_PORT=9292
#   KAFKA_TOOLS  folder with start-kafka.sh (default: ../shared/tools/kafka from the repository root)
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
# shellcheck source=lib.sh
. "$ROOT/bench/lib.sh"
KT="${KAFKA_TOOLS:-$ROOT/../shared/tools/kafka}"
ROUNDS="${ROUNDS:-3}"
KAFKA_PORT="${KAFKA_PORT:-9192}"
SKIFF_PORT="${SKIFF_PORT:-9292}"
JARS="$ROOT/compat-tests/target/kafka-streams/4.4.0"
WORK="$(mktemp -d)"
start_kafka_and_skiff "$KT" "$KAFKA_PORT" "$SKIFF_PORT" "$WORK"
for port in "$KAFKA_PORT" "$SKIFF_PORT"; do
  for _ in $(seq 1 120); do (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.5; done
done
sleep 5 # Kafka's controller finishes its start after the port opens
run() { # broker port protocol
  local out
  out=$(java -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp "$JARS/*" "$ROOT/bench/StreamsRebalance.java" \
    "127.0.0.1:$2" "$3" 2>>"$WORK/client.log" | grep '^start_ms=')
  echo "$1 $3 $out load=$(cut -d' ' -f1 /proc/loadavg)" | tee -a "$WORK/results"
}
for r in $(seq 1 "$ROUNDS"); do
  if [ $((r % 2)) -eq 1 ]; then
    run skiff "$SKIFF_PORT" streams; run kafka "$KAFKA_PORT" streams
    run skiff "$SKIFF_PORT" classic; run kafka "$KAFKA_PORT" classic
  else
    run kafka "$KAFKA_PORT" classic; run skiff "$SKIFF_PORT" classic
    run kafka "$KAFKA_PORT" streams; run skiff "$SKIFF_PORT" streams
  fi
done
echo "medians (ms) over $ROUNDS rounds:"
median() { sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
for b in skiff kafka; do for p in streams classic; do
  lines=$(grep "^$b $p " "$WORK/results")
  s=$(echo "$lines" | sed 's/.*start_ms=\([0-9]*\).*/\1/' | median)
  t=$(echo "$lines" | sed 's/.*takeover_ms=\([0-9]*\).*/\1/' | median)
  printf "%-14s start->RUNNING %6s   takeover %6s\n" "$b $p" "$s" "$t"
done; done
