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

# Helpers shared by the bench scripts (source it): free ports, starting Skiff's jar and waiting until a broker answers,
# stopping the brokers and removing their files, the load average, the broker's JVM and what it has used (from /proc),
# and where Kafka's tools are. Linux only. All sizes in MiB, CPU in seconds of user + system time of every thread of
# the JVM.

BENCH_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

# load: the load average over 1, 5 and 15 minutes (the machine may be shared: every figure goes with it).
load() { cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime | sed 's/.*average[s]*: //'; }

# free_port: a free TCP port on 127.0.0.1 whose successor is free too (Kafka's controller uses PORT+1).
free_port() {
  python3 - <<'PY'
import socket
while True:
    a = socket.socket(); a.bind(("127.0.0.1", 0)); p = a.getsockname()[1]
    b = socket.socket()
    try:
        b.bind(("127.0.0.1", p + 1)); print(p); break
    except OSError:
        pass
    finally:
        a.close(); b.close()
PY
}

# start_skiff JAR PORT DATA LOG [OVERRIDE...]: runs `java -jar JAR` in the background with a plaintext listener on
# 127.0.0.1:PORT, its data in DATA and its output in LOG, plus each OVERRIDE (key=value); sets SKIFF_PID.
start_skiff() {
  local jar="$1" port="$2" data="$3" log="$4"; shift 4
  local args=(--override "listeners=PLAINTEXT://127.0.0.1:$port" --override "log.dirs=$data")
  local o
  for o in "$@"; do args+=(--override "$o"); done
  java -jar "$jar" "${args[@]}" >"$log" 2>&1 &
  SKIFF_PID=$!
}

# wait_ready PID PORT TIMEOUT_S [LOG]: waits for the broker's first answer to ApiVersions (bench/ready.py) and prints
# the milliseconds since the process started; fails, with the last lines of LOG if given, when it does not answer.
wait_ready() {
  python3 "$BENCH_DIR/ready.py" "$1" "$2" "$3" && return 0
  [ -n "${4:-}" ] && tail -30 "$4" >&2
  return 1
}

# start_kafka_and_skiff KAFKA_TOOLS KAFKA_PORT SKIFF_PORT WORK: a real Kafka (KAFKA_TOOLS/start-kafka.sh; its
# controller takes KAFKA_PORT+1) and Skiff's jar ($SKIFF_JAR, default app/target/skiff.jar beside bench/), their data
# and logs under WORK; sets KAFKA_PID and SKIFF_PID, and stops both and removes WORK when the script exits. Returns
# at once: wait until each answers before using it.
start_kafka_and_skiff() {
  local tools="$1" kafka_port="$2" skiff_port="$3" work="$4"
  KAFKA_PID="$("$tools/start-kafka.sh" "$kafka_port" "$work/kafka")"
  start_skiff "${SKIFF_JAR:-$BENCH_DIR/../app/target/skiff.jar}" "$skiff_port" "$work/skiff-data" "$work/skiff.log"
  # shellcheck disable=SC2064 # the values now, not at exit
  trap "stop_and_remove '$work' $SKIFF_PID $KAFKA_PID" EXIT
}

# stop_and_remove DIR PID...: stops the processes (Kafka's start-kafka.sh detaches it, so polls until every one has
# exited, at most 30 s), then removes DIR.
stop_and_remove() {
  local dir="$1" pid alive
  shift
  for pid in "$@"; do kill "$pid" 2>/dev/null || true; done
  for _ in $(seq 300); do
    alive=0
    for pid in "$@"; do kill -0 "$pid" 2>/dev/null && alive=1; done
    [ "$alive" = 0 ] && break
    sleep 0.1
  done
  rm -rf "$dir"
}

# broker_jvm PID: the JVM that runs the broker. `java -jar skiff.jar` starts a small launcher that runs the broker in
# a child JVM (see FastStartLauncher); in place, or for Kafka, it is PID itself.
broker_jvm() {
  local child
  child="$(pgrep -P "$1" java 2>/dev/null | head -1 || true)"
  echo "${child:-$1}"
}

# cpu_seconds PID: CPU time (user + system) the process has used so far.
cpu_seconds() {
  local tick
  tick="$(getconf CLK_TCK)"
  # Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  sed 's/.*) //' "/proc/$1/stat" | awk -v t="$tick" '{printf "%.2f\n", ($12 + $13) / t}'
}

# rss_mib PID: resident memory now (VmRSS).
rss_mib() { awk '/^VmRSS/ {printf "%d\n", $2 / 1024}' "/proc/$1/status"; }

# peak_rss_mib PID: the most resident memory the process has had (VmHWM, the kernel's high-water mark).
peak_rss_mib() { awk '/^VmHWM/ {printf "%d\n", $2 / 1024}' "/proc/$1/status"; }

# kafka_tools ROOT: the folder with Kafka's tool.sh, fetch.sh and start-kafka.sh — $KAFKA_TOOLS if set, else
# ../shared/tools/kafka beside the repository, or beside the main checkout when ROOT is a git worktree.
kafka_tools() {
  if [ -n "${KAFKA_TOOLS:-}" ]; then echo "$KAFKA_TOOLS"; return; fi
  local dir="$1/../shared/tools/kafka" common
  if [ ! -x "$dir/tool.sh" ]; then
    common="$(git -C "$1" rev-parse --path-format=absolute --git-common-dir 2>/dev/null || true)"
    [ -n "$common" ] && dir="$(dirname "$common")/../shared/tools/kafka"
  fi
  echo "$dir"
}
