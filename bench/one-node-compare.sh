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

# Two or more builds of skiff.jar side by side, one node each: did a change cost the produce or fetch path? For
# each round and each jar (alternating, the order flips every round) a fresh broker on a fresh data directory,
# Kafka's own ProducerPerformance RECORDS x RECORD_SIZE B acks=1, then ConsumerPerformance over them; the broker
# JVM's CPU seconds (user + system, /proc/PID/stat) over produce and consume, which a loaded machine disturbs less
# than throughput. Prints every run, then the medians per jar.
#
# usage: bench/one-node-compare.sh JAR JAR [JAR...]
#   e.g. bench/one-node-compare.sh /tmp/old/skiff.jar app/target/skiff.jar
# Environment (all optional):
#   ROUNDS=5 RECORDS=1000000 RECORD_SIZE=100 PORT (default: a free port; every run binds it again)
#   SKIFF_JAVA_OPTS  JVM options of the broker (default -Dskiff.cds=false: the broker runs in place in one JVM
#                    with the JVM's own defaults, so every jar gets the same JIT and heap whatever its launcher
#                    would choose)
#   JFR_DIR          if set, each run records a JFR profile (settings=profile) into JFR_DIR/<jar#>-<round>.jfr
#   THREADS=1        also print each run's broker CPU (since its start) per thread kind (JIT compilers, GC, network, ...), from
#                    /proc/PID/task: which part of the JVM a difference is in
#   KAFKA_TOOLS      folder with Kafka 4.4's tool.sh (default: ../shared/tools/kafka beside the repository)
set -euo pipefail
[ $# -ge 2 ] || { sed -n '18,33p' "$0" >&2; exit 2; }
ROUNDS="${ROUNDS:-5}"
RECORDS="${RECORDS:-1000000}"
RECORD_SIZE="${RECORD_SIZE:-100}"
SKIFF_JAVA_OPTS="${SKIFF_JAVA_OPTS:--Dskiff.cds=false}"
export KAFKA_VERSION="${KAFKA_VERSION:-4.4.0}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib.sh
. "$ROOT/bench/lib.sh"
KAFKA_TOOLS="$(kafka_tools "$ROOT")"
JARS=("$@")
for jar in "${JARS[@]}"; do [ -f "$jar" ] || { echo "$jar missing" >&2; exit 1; }; done
PORT="${PORT:-$(free_port)}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/skiff-one-node.XXXXXX")"
PID=""
stop_broker() {
  [ -n "$PID" ] || return 0
  kill "$PID" 2>/dev/null || true
  wait "$PID" 2>/dev/null || true
  PID=""
}
cleanup() { stop_broker; rm -rf "$WORK"; }
trap cleanup EXIT

# run JAR_INDEX ROUND -> "cpu_s produce_rps consume_rps"
run() {
  local i="$1" round="$2" dir="$WORK/run" jfr=()
  rm -rf "$dir"; mkdir -p "$dir"
  [ -n "${JFR_DIR:-}" ] && mkdir -p "$JFR_DIR" \
    && jfr=("-XX:StartFlightRecording=settings=profile,filename=$JFR_DIR/$i-$round.jfr")
  # shellcheck disable=SC2086
  java $SKIFF_JAVA_OPTS "${jfr[@]}" -jar "${JARS[$i]}" --override "listeners=PLAINTEXT://127.0.0.1:$PORT" \
    --override "log.dirs=$dir/data" --override console.listener= >"$dir/broker.log" 2>&1 &
  PID=$!
  python3 "$ROOT/bench/ready.py" "$PID" "$PORT" 120 >/dev/null || { tail -30 "$dir/broker.log" >&2; exit 1; }
  local jvm cpu0 cpu1 cpu2 produced consumed
  jvm="$(broker_jvm "$PID")"
  cpu0="$(cpu_seconds "$jvm")"
  "$KAFKA_TOOLS/tool.sh" org.apache.kafka.tools.ProducerPerformance --topic bench --num-records "$RECORDS" \
    --record-size "$RECORD_SIZE" --throughput -1 --producer-props "bootstrap.servers=127.0.0.1:$PORT" acks=1 \
    >"$dir/produce.log" 2>&1 || { tail -20 "$dir/produce.log" >&2; exit 1; }
  cpu1="$(cpu_seconds "$jvm")"
  produced="$(grep -E "^$RECORDS records sent" "$dir/produce.log" | tail -1 \
    | sed -E 's/.* records sent, ([0-9.]+) records\/sec.*/\1/')"
  "$KAFKA_TOOLS/tool.sh" org.apache.kafka.tools.ConsumerPerformance --bootstrap-server "127.0.0.1:$PORT" \
    --topic bench --messages "$RECORDS" --timeout 60000 >"$dir/consume.log" 2>&1 \
    || { tail -20 "$dir/consume.log" >&2; exit 1; }
  cpu2="$(cpu_seconds "$jvm")"
  # header: start.time, end.time, data.consumed.in.MB, MB.sec, data.consumed.in.nMsg, nMsg.sec, ...
  consumed="$(awk -F', *' '/^start.time/ {h=1; next} h && NF>=7 {print $6; exit}' "$dir/consume.log")"
  thread_cpu "$jvm" >"$dir/threads"
  [ -n "${THREADS:-}" ] && cat "$dir/threads" >&2
  stop_broker
  # the network threads run the requests (decode, handlers, storage, encode): CPU without the JIT compilers and GC
  echo "$(awk -v a="$cpu0" -v b="$cpu2" 'BEGIN {printf "%.2f", b - a}') $produced $consumed" \
    "$(awk -v a="$cpu0" -v b="$cpu1" 'BEGIN {printf "%.2f", b - a}')" \
    "$(awk '/skiff-network/ {s += $1} END {printf "%.2f", s}' "$dir/threads")" \
    "$(awk '/CompilerThre/ {s += $1} END {printf "%.2f", s}' "$dir/threads")"
}

# thread_cpu PID: CPU seconds since the JVM started per thread kind (the thread's name without its number), most first.
thread_cpu() {
  local tick t stat name
  tick="$(getconf CLK_TCK)"
  for t in /proc/"$1"/task/*; do
    # the fields after the last ')' are stat's from the 3rd on: utime and stime are the 12th and 13th of them
    # a thread may end meanwhile: then it is left out
    stat="$(cat "$t/stat" 2>/dev/null)" && name="$(cat "$t/comm" 2>/dev/null)" || continue
    echo "$(sed 's/[0-9]*$//; s/[-_ #]*$//' <<<"$name")|$(sed 's/.*) //' <<<"$stat" | awk '{print $12 + $13}')"
  done | awk -F'|' -v t="$tick" '{s[$1] += $2} END {for (k in s) if (s[k] > 0) printf "%8.2f s  %s\n", s[k] / t, k}' \
    | sort -rn
}

median() { sort -g | awk '{v[NR]=$1} END {if (NR%2) print v[(NR+1)/2]; else printf "%.2f\n", (v[NR/2]+v[NR/2+1])/2}'; }

echo "== $(nproc) cores, load $(load), $(date -u '+%Y-%m-%d %H:%M UTC'); $ROUNDS rounds of $RECORDS x $RECORD_SIZE B," \
  "port $PORT, broker options: $SKIFF_JAVA_OPTS"
for i in "${!JARS[@]}"; do echo "jar $i: ${JARS[$i]}"; done
for round in $(seq 1 "$ROUNDS"); do
  order=("${!JARS[@]}")
  if [ $((round % 2)) -eq 0 ]; then
    order=(); for ((k = ${#JARS[@]} - 1; k >= 0; k--)); do order+=("$k"); done
  fi
  for i in "${order[@]}"; do
    result="$(run "$i" "$round")"
    echo "$result" >>"$WORK/results-$i"
    read -r cpu p c pcpu net jit <<<"$result"
    printf 'round %d jar %d: broker CPU %5.2f s (produce %5.2f s; network threads %5.2f s, JIT %5.2f s),' \
      "$round" "$i" "$cpu" "$pcpu" "$net" "$jit"
    printf ' produce %8.0f rec/s, consume %8.0f rec/s  (load %s)\n' "$p" "$c" "$(load)"
  done
done
echo "== medians over $ROUNDS rounds (load $(load))"
printf '%-4s %13s %14s %14s %8s %14s %14s\n' jar "broker CPU s" "produce CPU s" "network CPU s" "JIT s" \
  "produce rec/s" "consume rec/s"
for i in "${!JARS[@]}"; do
  f="$WORK/results-$i"
  printf '%-4s %13s %14s %14s %8s %14.0f %14.0f\n' "$i" "$(cut -d' ' -f1 "$f" | median)" \
    "$(cut -d' ' -f4 "$f" | median)" "$(cut -d' ' -f5 "$f" | median)" "$(cut -d' ' -f6 "$f" | median)" \
    "$(cut -d' ' -f2 "$f" | median)" "$(cut -d' ' -f3 "$f" | median)"
done
