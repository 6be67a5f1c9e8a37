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

# Skiff's memory and open files under load, with the jar's default heap (java -jar skiff.jar, no -Xmx).
#
# usage: bench/resources.sh            (run from anywhere; builds nothing)
#
# Expects app/target/skiff.jar and benchmarks/target/benchmarks.jar:
#   mvn -q -B -Pquick package -pl broker,benchmarks -am
# Starts Skiff on a free port with a temporary data directory, then puts each load on it in turn with
# io.skiff.benchmarks.load.ResourceLoad and, while the load is in place, samples the broker JVM (the launcher's
# child): resident memory (VmRSS), Java heap used and committed (jcmd GC.heap_info), open files (/proc/PID/fd)
# and threads. Loads:
#   idle        $IDLE idle connections (each sent one ApiVersions request)
#   partitions  $PARTITIONS partitions (topics of 1000), one record written to each
#   clients     $PRODUCERS producers + $CONSUMERS consumers for $SECONDS s (10 x 100-byte records per Produce,
#               acks=1; each consumer fetches one partition)
# The loads add up (the partitions stay while the clients run), as on a developer's broker.
# Environment: IDLE=1000 PARTITIONS=10000 PRODUCERS=100 CONSUMERS=100 SECONDS=20 SKIFF_JAVA_OPTS= (e.g. -Xmx256m)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
JAR="$ROOT/app/target/skiff.jar"
LOAD_JAR="$ROOT/benchmarks/target/benchmarks.jar"
IDLE="${IDLE:-1000}"; PARTITIONS="${PARTITIONS:-10000}"; PRODUCERS="${PRODUCERS:-100}"; CONSUMERS="${CONSUMERS:-100}"
SECONDS_PER_LOAD="${SECONDS:-20}"
for f in "$JAR" "$LOAD_JAR"; do
  [ -f "$f" ] || { echo "missing $f: mvn -q -B -Pquick package -pl broker,benchmarks -am" >&2; exit 1; }
done
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)" || true
echo "open-file limit: $(ulimit -n); cores: $(nproc); load average: $(cut -d' ' -f1-3 /proc/loadavg)"

DATA="$(mktemp -d)"; LOG="$DATA/skiff.log"
PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
# shellcheck disable=SC2086
java ${SKIFF_JAVA_OPTS:-} -jar "$JAR" --override "listeners=PLAINTEXT://127.0.0.1:$PORT" \
  --override "log.dirs=$DATA/data" >"$LOG" 2>&1 &
LAUNCHER=$!
cleanup() { kill "$LAUNCHER" 2>/dev/null || true; wait "$LAUNCHER" 2>/dev/null || true; rm -rf "$DATA"; }
trap cleanup EXIT
for _ in $(seq 1 300); do grep -q "ready" "$LOG" && break; sleep 0.1; done
grep -q "ready" "$LOG" || { cat "$LOG"; echo "Skiff did not start" >&2; exit 1; }
# shellcheck source=lib.sh
. "$ROOT/bench/lib.sh"
BROKER="$(broker_jvm "$LAUNCHER")"   # the launcher's child JVM, or itself in one JVM
echo "Skiff pid $BROKER, JVM options: $(tr '\0' ' ' < /proc/"$BROKER"/cmdline | sed 's/ -jar .*//; s/^[^ ]* //')"

sample() { # label
  local rss heap fds threads
  rss="$(rss_mib "$BROKER") MiB"
  heap=$(jcmd "$BROKER" GC.heap_info 2>/dev/null | awk '/total/ {for (i=1;i<=NF;i++) { if ($i=="total") t=$(i+1); if ($i=="used") u=$(i+1) } } END {gsub(",","",t); gsub(",","",u); printf "%d MiB used of %d MiB committed", u/1024, t/1024}')
  fds=$(ls /proc/"$BROKER"/fd | wc -l)
  threads=$(awk '/Threads/ {print $2}' /proc/"$BROKER"/status)
  printf '%-34s RSS %-9s heap %-32s open files %-6s threads %s\n' "$1" "$rss" "$heap" "$fds" "$threads"
}

load() { # label, ResourceLoad arguments...
  local label="$1"; shift
  local out="$DATA/load-$label.out"
  java -Xmx1g -cp "$LOAD_JAR" io.skiff.benchmarks.load.ResourceLoad "$@" >"$out" 2>&1 &
  local pid=$!
  for _ in $(seq 1 6000); do grep -q READY "$out" && break; kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  grep -q READY "$out" || { cat "$out"; echo "load $label failed" >&2; exit 1; }
  sleep 2
  sample "$label ($(sed -n 's/^READY //p' "$out"))"
  wait "$pid" || { cat "$out"; echo "load $label failed" >&2; exit 1; }
  sed -n 's/^DONE /  /p' "$out"
}

sample "started, no clients"
load idle idle 127.0.0.1 "$PORT" "$IDLE" 5
load partitions partitions 127.0.0.1 "$PORT" "$PARTITIONS" 5
load clients clients 127.0.0.1 "$PORT" "$PRODUCERS" "$CONSUMERS" "$SECONDS_PER_LOAD"
sample "after the loads"
