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

# Start time of a big data directory: TOPICS x PARTITIONS partitions holding MIB mebibytes in all (default 10 x 1,000
# partitions, 10 GiB). Fills a fresh directory through the broker, stops it gracefully, then measures START_RUNS
# starts after a clean shutdown and START_RUNS starts after a kill -9 (each kill follows one record written to
# every 10th partition, so recovery has unflushed segments to check). Per start: the broker's "Skiff ready in N ms",
# the wall time from launch until the port answers an ApiVersions request, and when the broker opens a large
# directory's logs in the background, how long that took (WAIT_OPEN=0 does not wait for it).
#
#   mvn -q -B -ntp -Pquick package -pl app -am && bench/large-dir-start.sh
#
# Settings (environment): TOPICS (10), PARTITIONS (1000), MIB (10240), START_RUNS (3), SKIFF_JAR, SKIFF_JAVA_OPTS,
# KAFKA_TOOLS (for the client jars), DATA (a directory to reuse: filled only if empty, kept afterwards).
set -euo pipefail

TOPICS="${TOPICS:-10}"
PARTITIONS="${PARTITIONS:-1000}"
MIB="${MIB:-10240}"
START_RUNS="${START_RUNS:-3}"
SKIFF_JAVA_OPTS="${SKIFF_JAVA_OPTS:-}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib.sh
. "$ROOT/bench/lib.sh"
KAFKA_TOOLS="$(kafka_tools "$ROOT")"
SKIFF_JAR="${SKIFF_JAR:-$ROOT/app/target/skiff.jar}"
[ -f "$SKIFF_JAR" ] || { echo "$SKIFF_JAR missing: build it first" >&2; exit 1; }
CLIENT_CP="$("$KAFKA_TOOLS/fetch.sh")/*"

# Every partition keeps its active segment open.
ulimit -n "$(ulimit -Hn)"
KEEP=1
if [ -z "${DATA:-}" ]; then
  DATA="$(mktemp -d "${TMPDIR:-/tmp}/skiff-large.XXXXXX")"
  KEEP=0
fi
PORT="$(free_port)"
PID=""
cleanup() {
  kill_pid
  [ "$KEEP" = 1 ] || rm -rf "$DATA"
}
trap cleanup EXIT

start() { # starts the broker and waits until it answers; sets STARTED to "ready line ms, ApiVersions ms"
  # shellcheck disable=SC2086
  java $SKIFF_JAVA_OPTS -jar "$SKIFF_JAR" --override "listeners=PLAINTEXT://127.0.0.1:$PORT" \
    --override "log.dirs=$DATA/skiff" > "$DATA/out.txt" 2>&1 &
  PID=$!
  local answered
  answered="$(python3 "$ROOT/bench/ready.py" "$PID" "$PORT" 600)" || { cat "$DATA/out.txt" >&2; exit 1; }
  for _ in $(seq 100); do grep -q 'Skiff ready' "$DATA/out.txt" && break; sleep 0.05; done
  local opened=""
  if [ "${WAIT_OPEN:-1}" = 1 ]; then # a large directory's logs are opened in the background after the start
    for _ in $(seq 6000); do
      opened="$(grep -o 'Opened the logs of [0-9]* partitions in [0-9]* ms' "$DATA/out.txt" || true)"
      [ -n "$opened" ] && break
      grep -q 'Opening the logs of' "$DATA/out.txt" || break
      sleep 0.1
    done
  fi
  STARTED="${opened:+$opened; }ready line $(grep -o 'ready in [0-9]* ms' "$DATA/out.txt" | grep -o '[0-9]*') ms, launch->ApiVersions ${answered} ms, $(grep -o '[0-9]* topics recovered' "$DATA/out.txt")"
}
stop() { kill "$PID"; wait "$PID" || true; PID=""; }
kill_pid() { [ -n "$PID" ] && kill "$PID" 2>/dev/null && wait "$PID" 2>/dev/null; return 0; }
crash() { kill -9 "$(pgrep -P "$PID" java || echo "$PID")" "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; PID=""; }

echo "== $(nproc) cores, load $(load), $(java -version 2>&1 | head -1); data $DATA"
start
if [ ! -f "$DATA/filled" ]; then
  filled="$(java -cp "$CLIENT_CP" "$ROOT/bench/BrokerOps.java" fill "127.0.0.1:$PORT" big "$TOPICS" "$PARTITIONS" "$MIB")"
  echo "fill: $filled"
  touch "$DATA/filled"
fi
stop
echo "data: $(du -sh "$DATA/skiff" | cut -f1), $(find "$DATA/skiff" -name '*.log' | wc -l) segment files"
# The first start after the fill also finds the files in the page cache; drop it where we may.
sync; echo 3 > /proc/sys/vm/drop_caches 2>/dev/null && echo "(page cache dropped before the first start)" || true
for i in $(seq "$START_RUNS"); do
  start
  echo "clean start $i: $STARTED   (load $(load))"
  stop
done
for i in $(seq "$START_RUNS"); do
  start
  java -cp "$CLIENT_CP" "$ROOT/bench/BrokerOps.java" touch "127.0.0.1:$PORT" big "$TOPICS" "$PARTITIONS" 10 >/dev/null
  crash
  start
  echo "start after kill -9 $i: $STARTED   (load $(load))"
  stop
done
