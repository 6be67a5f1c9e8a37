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

# Helpers shared by the bench scripts (source it): the broker's JVM and what it has used, from /proc, and where
# Kafka's tools are. Linux only. All sizes in MiB, CPU in seconds of user + system time of every thread of the JVM.

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
