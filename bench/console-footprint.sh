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

# What the web console costs at start: time to ready, RSS and threads without the console jar, with it but off, and
# on (then RSS again after four pages), alternating, ROUNDS times. Build first:
#   mvn -B -ntp -pl console -am package -DskipTests -Dinvoker.skip
# Usage: bench/console-footprint.sh [ROUNDS] [KAFKA_PORT] [CONSOLE_PORT]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
kafka_port=${2:-19601}
console_port=${3:-19690}
broker=broker/target/skiff.jar
console=$(ls console/target/skiff-console-*.jar | grep -v -- '-sources\|-javadoc' | head -1)

measure() {
  local label=$1 cp=$2
  shift 2
  local dir log pid ready rss rss2 threads url
  dir=$(mktemp -d)
  log=$dir/out.log
  java -cp "$cp" io.skiff.broker.launch.Main --override "listeners=PLAINTEXT://127.0.0.1:$kafka_port" \
    --override "log.dirs=$dir/data" "$@" >"$log" 2>&1 &
  pid=$!
  for _ in $(seq 1 300); do grep -q "Skiff ready" "$log" && break; sleep 0.1; done
  ready=$(grep -o "ready in [0-9]* ms" "$log")
  sleep 2
  rss=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status")
  threads=$(ls "/proc/$pid/task" | wc -l)
  url=$(grep -o "console http://[0-9.:]*" "$log" | cut -d' ' -f2 || true)
  rss2=-
  if [ -n "$url" ]; then
    for page in / /topics /groups /transactions; do curl -s -o /dev/null "$url$page"; done
    sleep 1
    rss2=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status")
  fi
  echo "$label: $ready, RSS $rss KiB (after four pages: $rss2 KiB), $threads threads"
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  rm -rf "$dir"
}

uptime
for _ in $(seq 1 "$rounds"); do
  measure "without the console jar" "$broker"
  measure "console jar, console.listener=" "$broker:$console" --override console.listener=
  measure "console on" "$broker:$console" --override "console.listener=http://127.0.0.1:$console_port"
done
