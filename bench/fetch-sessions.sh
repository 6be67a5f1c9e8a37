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

# What fetch sessions (KIP-227) save: a Java consumer of one topic of $PARTITIONS partitions, assigned all of them,
# while a producer writes $RATE 100-byte records per second (evenly spread) to random partitions. Over $WINDOW s (after $WARMUP s)
# bench/FetchSessionLoad.java reports the consumer's fetch requests per second, the bytes it sent and received on
# its connection to the broker, and the broker JVM's CPU time. Runs Skiff with sessions (the default), Skiff with
# max.incremental.fetch.session.cache.slots=0 (every fetch full, as before sessions), then, if given, the jar in
# $BASELINE_JAR (e.g. a build of main) and, with KAFKA=1, a real Kafka 4.1 (start-kafka.sh) with its defaults.
#
# usage: bench/fetch-sessions.sh      (builds nothing: mvn -q -B -Pquick package -pl app -am first)
# Environment: PARTITIONS=1000 RATE=10 WARMUP=10 WINDOW=30 SKIFF_JAR=app/target/skiff.jar BASELINE_JAR= KAFKA=0
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
JAR="${SKIFF_JAR:-$ROOT/app/target/skiff.jar}"
PARTITIONS="${PARTITIONS:-1000}"; RATE="${RATE:-10}"; WARMUP="${WARMUP:-10}"; SECONDS_MEASURED="${WINDOW:-30}"
# shellcheck source=lib.sh
. "$ROOT/bench/lib.sh"
KAFKA_TOOLS="$(kafka_tools "$ROOT")"
KAFKA_LIBS="$("$KAFKA_TOOLS/fetch.sh")"
WORK="$(mktemp -d)"
PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$WORK"; }
trap cleanup EXIT
javac -d "$WORK/classes" -cp "$KAFKA_LIBS/*" "$ROOT/bench/FetchSessionLoad.java"

run_skiff() { # label jar extra-overrides...
  local label="$1" jar="$2"; shift 2
  local port data log
  port="$(free_port)"; data="$WORK/$label"; log="$WORK/$label.log"
  local args=(--override "listeners=PLAINTEXT://127.0.0.1:$port" --override "log.dirs=$data")
  for o in "$@"; do args+=(--override "$o"); done
  java -jar "$jar" "${args[@]}" >"$log" 2>&1 &
  local launcher=$!
  PIDS+=("$launcher")
  for _ in $(seq 1 300); do grep -q "ready" "$log" && break; sleep 0.1; done
  grep -q "ready" "$log" || { cat "$log"; echo "Skiff ($label) did not start" >&2; exit 1; }
  measure "$label" "$port" "$(broker_jvm "$launcher")"
  kill "$launcher"; wait "$launcher" 2>/dev/null || true
}

measure() { # label port broker-pid
  local line
  line="$(java -cp "$WORK/classes:$KAFKA_LIBS/*" FetchSessionLoad "127.0.0.1:$2" "$3" sessions "$PARTITIONS" \
    "$WARMUP" "$SECONDS_MEASURED" "$RATE" 2>"$WORK/$1.load.log" | grep '=' | tail -1)"
  [ -n "$line" ] || { tail -20 "$WORK/$1.load.log" >&2; echo "load failed against $1" >&2; exit 1; }
  printf '%-22s %s\n' "$1" "$line"
}

echo "partitions=$PARTITIONS records/s=$RATE warmup=${WARMUP}s window=${SECONDS_MEASURED}s cores=$(nproc) load=$(cut -d' ' -f1-3 /proc/loadavg)"
run_skiff "skiff-sessions" "$JAR"
run_skiff "skiff-no-sessions" "$JAR" "max.incremental.fetch.session.cache.slots=0"
if [ -n "${BASELINE_JAR:-}" ]; then
  run_skiff "baseline" "$BASELINE_JAR"
fi
if [ "${KAFKA:-0}" = 1 ]; then
  port="$(free_port)"
  pid="$("$KAFKA_TOOLS/start-kafka.sh" "$port" "$WORK/kafka")"
  PIDS+=("$pid")
  python3 "$ROOT/bench/ready.py" "$pid" "$port" 120 >/dev/null || { echo "Kafka did not start" >&2; exit 1; }
  measure "kafka" "$port" "$pid"
fi
