#!/bin/bash
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

# What the web console costs at start, with `java -jar skiff.jar` as users run it (the launcher and the broker JVM
# that maps skiff.jsa): launch to ready (the ready line's own figure), the broker JVM's RSS and threads 2 s after
# ready, with the console off (console.listener=) and on (then RSS again after four pages), and, when BASELINE_JAR
# names another skiff.jar (e.g. one built from an older commit, with its skiff.jsa beside it), that jar with its
# defaults; alternating, ROUNDS times. Build first:
#   mvn -q -B -ntp -Pquick package -pl app -am
# Usage: [SKIFF_JAR=...] [BASELINE_JAR=...] bench/console-footprint.sh [ROUNDS] [KAFKA_PORT] [CONSOLE_PORT]
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
rounds=${1:-3}
kafka_port=${2:-19601}
console_port=${3:-19690}
jar="${SKIFF_JAR:-app/target/skiff.jar}"
baseline=${BASELINE_JAR:-}

measure() {
  local label=$1 jar=$2
  shift 2
  local dir log pid jvm ready rss rss2 threads url
  dir=$(mktemp -d)
  log=$dir/out.log
  touch "$log"
  java -jar "$jar" --override "listeners=PLAINTEXT://127.0.0.1:$kafka_port" \
    --override "log.dirs=$dir/data" "$@" >"$log" 2>&1 &
  pid=$!
  for _ in $(seq 1 300); do grep -q "Skiff ready" "$log" && break; sleep 0.1; done
  ready=$(grep -o "ready in [0-9]* ms" "$log")
  sleep 2
  jvm=$(broker_jvm "$pid")
  rss=$(rss_mib "$jvm")
  threads=$(ls "/proc/$jvm/task" | wc -l)
  url=$(grep -o "console http://[0-9.:]*" "$log" | cut -d' ' -f2 || true)
  rss2=-
  if [ -n "$url" ]; then
    for page in / /topics /groups /transactions; do curl -s -o /dev/null "$url$page"; done
    sleep 1
    rss2=$(rss_mib "$jvm")
  fi
  echo "$label: $ready, RSS $rss MiB (after four pages: $rss2 MiB), $threads threads"
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  rm -rf "$dir"
}

uptime
for _ in $(seq 1 "$rounds"); do
  [ -z "$baseline" ] || measure "baseline $baseline" "$baseline"
  measure "console off (console.listener=)" "$jar" --override console.listener=
  measure "console on" "$jar" --override "console.listener=http://127.0.0.1:$console_port"
done
