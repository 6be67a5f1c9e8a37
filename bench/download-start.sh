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

# Launch -> ready of the download (bin/skiff on its own jlink runtime, the archive mapped directly) against
# `java -jar skiff.jar` (a launcher JVM that starts the broker's JVM with the jar's archive), alternating, RUNS of
# each (default 9) on a fresh data directory every time. "Ready" is the first answer to an ApiVersions request, in ms
# from the start of the process the user launched (bench/ready.py). Prints every run and the medians.
#
#   ./mvnw -B -ntp -Prelease -Dgpg.skip -DskipTests -Dinvoker.skip package && bench/download-start.sh
#
# Settings (environment): RUNS (9), DOWNLOAD (the tarball; default distribution/target/skiff-*-linux-*.tar.gz),
# SKIFF_JAR (app/target/skiff.jar), JAVA (java on the PATH).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib.sh
. "$ROOT/bench/lib.sh"
RUNS="${RUNS:-9}"
JAVA="${JAVA:-java}"
SKIFF_JAR="${SKIFF_JAR:-$ROOT/app/target/skiff.jar}"
DOWNLOAD="${DOWNLOAD:-$(ls "$ROOT"/distribution/target/skiff-*-linux-*.tar.gz | head -1)}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/skiff-download-start.XXXXXX")"
PID=""
cleanup() {
  if [ -n "$PID" ]; then kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT
tar -xzf "$DOWNLOAD" -C "$WORK"
HOME_DIR="$(ls -d "$WORK"/skiff-*/)"
PORT="$(free_port)"

one() { # one start: prints launch -> ready in ms
  rm -rf "$WORK/data"
  "$@" --override "listeners=PLAINTEXT://127.0.0.1:$PORT" --override "log.dirs=$WORK/data" >/dev/null 2>&1 &
  PID=$!
  wait_ready "$PID" "$PORT" 60
  kill "$PID"
  wait "$PID" 2>/dev/null || true
  PID=""
}
median() { sort -n | awk '{a[NR] = $1} END {print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2)}'; }

download=() jar=()
for i in $(seq "$RUNS"); do
  d="$(one "$HOME_DIR/bin/skiff")"
  j="$(one "$JAVA" -jar "$SKIFF_JAR")"
  echo "run $i: download $d ms, java -jar $j ms"
  download+=("$d") jar+=("$j")
done
echo "median launch -> ready: download $(printf '%s\n' "${download[@]}" | median) ms," \
  "java -jar $(printf '%s\n' "${jar[@]}" | median) ms ($RUNS runs each, alternating; load average $(cut -d' ' -f1-3 /proc/loadavg))"
echo "download: $(du -k "$DOWNLOAD" | cut -f1) KiB, unpacked $(du -sk "$HOME_DIR" | cut -f1) KiB"
