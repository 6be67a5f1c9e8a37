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

# Where a new consumer group's join goes, Skiff vs Apache Kafka ($KAFKA_VERSION, default 4.4.0): runs Kafka's own
# ConsumerPerformance (classic protocol, as kafka-tools-bench.sh does) with the client's DEBUG log and splits its
# rebalance.time.ms (subscribe() -> partitions assigned) into the broker's round trips (FindCoordinator, JoinGroup,
# SyncGroup, ...: request sent -> response received, as the client logs them) and the rest, the client's own time.
#
# usage: bench/group-join-trace.sh [ROUNDS]       (expects app/target/skiff.jar)
#
# Starts both brokers, writes RECORDS records of 100 B to one topic on each, then per round, alternating the brokers
# (the order flips every round), one ConsumerPerformance over them in a new group. Prints per run the requests up to
# the first record, then medians per broker.
# Environment (all optional): RECORDS=20000 KAFKA_PORT SKIFF_PORT (default: free ports; Kafka's controller takes
# KAFKA_PORT+1) SKIFF_JAR KAFKA_TOOLS CONSUMER_PROPS (space-separated key=value settings for the measured consumer,
# e.g. enable.metrics.push=false) LOG_DIR (keep each run's client log there, as <broker>-<round>.log)
set -euo pipefail
ROUNDS="${1:-3}"
RECORDS="${RECORDS:-20000}"
export KAFKA_VERSION="${KAFKA_VERSION:-4.4.0}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib.sh
. "$ROOT/bench/lib.sh"
KAFKA_TOOLS="$(kafka_tools "$ROOT")"
SKIFF_JAR="${SKIFF_JAR:-$ROOT/app/target/skiff.jar}"
[ -f "$SKIFF_JAR" ] || { echo "$SKIFF_JAR missing: build it first (mvn -q -B -ntp -Pquick package -pl app -am)" >&2; exit 1; }
WORK="$(mktemp -d "${TMPDIR:-/tmp}/skiff-join-trace.XXXXXX")"
SKIFF_PID=""; KAFKA_PID=""
# shellcheck disable=SC2086 # either may be unset
cleanup() { stop_and_remove "$WORK" $SKIFF_PID $KAFKA_PID; }
trap cleanup EXIT
KAFKA_LIBS="$("$KAFKA_TOOLS/fetch.sh")"

KP="${KAFKA_PORT:-$(free_port)}"; SP="${SKIFF_PORT:-$(free_port)}"
KAFKA_PID="$("$KAFKA_TOOLS/start-kafka.sh" "$KP" "$WORK/kafka")"
# No web console: only the ports asked for.
start_skiff "$SKIFF_JAR" "$SP" "$WORK/skiff" "$WORK/skiff.log" console.listener=
wait_ready "$SKIFF_PID" "$SP" 60 "$WORK/skiff.log" >/dev/null || exit 1
wait_ready "$KAFKA_PID" "$KP" 180 "$WORK/kafka/server.log" >/dev/null || exit 1
echo "== $(nproc) cores, load $(load); Skiff on 127.0.0.1:$SP, Kafka $KAFKA_VERSION on 127.0.0.1:$KP"

# The client's DEBUG log of the consumer and its network client, with millisecond timestamps.
cat >"$WORK/log4j2.yaml" <<'Y'
Configuration:
  Appenders:
    Console: {name: STDOUT, PatternLayout: {pattern: "%d{HH:mm:ss.SSS} %p [%t] %m (%c{1})%n"}}
  Loggers:
    Root: {level: WARN, AppenderRef: [{ref: STDOUT}]}
    Logger:
      - {name: org.apache.kafka.clients.consumer, level: DEBUG}
      - {name: org.apache.kafka.clients.NetworkClient, level: DEBUG}
Y
for port in "$SP" "$KP"; do
  java -cp "$KAFKA_LIBS/*" org.apache.kafka.tools.ProducerPerformance --topic join-trace --num-records "$RECORDS" \
    --record-size 100 --throughput -1 --producer-props "bootstrap.servers=127.0.0.1:$port" acks=1 >/dev/null 2>&1
  # The first group on a Kafka creates __consumer_offsets: a join before the rounds, so no round pays for that.
  java -cp "$KAFKA_LIBS/*" org.apache.kafka.tools.ConsumerPerformance --bootstrap-server "127.0.0.1:$port" \
    --topic join-trace --messages "$RECORDS" --timeout 60000 >/dev/null 2>&1
done

for round in $(seq 1 "$ROUNDS"); do
  order=(skiff kafka)
  [ $((round % 2)) -eq 0 ] && order=(kafka skiff)
  for b in "${order[@]}"; do
    if [ "$b" = skiff ]; then port="$SP"; else port="$KP"; fi
    l="$(load)"
    props=()
    for p in ${CONSUMER_PROPS:-}; do props+=(--command-property "$p"); done
    java -Dlog4j2.configurationFile="$WORK/log4j2.yaml" -cp "$KAFKA_LIBS/*" org.apache.kafka.tools.ConsumerPerformance \
      --bootstrap-server "127.0.0.1:$port" --topic join-trace --messages "$RECORDS" --timeout 60000 "${props[@]}" \
      >"$WORK/$b-$round.log" 2>&1
    if [ -n "${LOG_DIR:-}" ]; then mkdir -p "$LOG_DIR" && cp "$WORK/$b-$round.log" "$LOG_DIR/"; fi
    echo "round $round $b (load $l)"
    python3 - "$WORK/$b-$round.log" "$WORK/results" "$b" <<'PY'
import re, sys
from datetime import datetime
log, results, broker = sys.argv[1:]
stamp = re.compile(r"(\d\d:\d\d:\d\d\.\d{3}) ")
request = re.compile(r"(Sending|Received) (\w+) (request|response) .*?correlationId=(\d+)")
sent, trips, start, assigned, first = {}, [], None, None, None
for line in open(log):
    m = stamp.match(line)
    if not m:
        continue
    t = datetime.strptime(m.group(1), "%H:%M:%S.%f")
    if start is None and "Subscribed to topic" in line:
        start = t
    if start is None:
        continue
    r = request.search(line)
    if r and first is None:
        key = (r.group(2), r.group(4))
        if r.group(1) == "Sending":
            sent[key] = t
        elif key in sent:
            trips.append((r.group(2), (sent[key] - start).total_seconds() * 1000, (t - sent[key]).total_seconds() * 1000))
    if assigned is None and "Adding newly assigned partitions" in line:
        assigned = (t - start).total_seconds() * 1000
    if first is None and "returned fetch data" in line:
        first = (t - start).total_seconds() * 1000
if start is None or assigned is None:
    print("  no join in the log"); sys.exit(0)
# The broker's share of the join: its round trips up to the assignment, overlapping ones counted once.
busy, end = 0.0, 0.0
for _, at, rtt in sorted((x for x in trips if x[1] < assigned), key=lambda x: x[1]):
    lo, hi = max(at, end), at + rtt
    if hi > lo:
        busy += hi - lo
    end = max(end, hi)
print("  " + ", ".join(f"{name} {rtt:.0f}" for name, _, rtt in trips) + " (round trips, ms)")
print(f"  subscribe -> assigned {assigned:.0f} ms, of which waiting for the broker {busy:.0f} ms;"
      f" -> first record {first or 0:.0f} ms")
with open(results, "a") as out:
    out.write(f"{broker} assigned {assigned:.0f}\n{broker} broker {busy:.0f}\n{broker} first {first or 0:.0f}\n")
PY
  done
done
median() { sort -g | awk '{a[NR]=$1} END {if (NR==0) print 0; else if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }
value() { awk -v b="$1" -v m="$2" '$1==b && $2==m {print $3}' "$WORK/results" | median; }
echo
echo "== load now $(load); $ROUNDS rounds, medians (client DEBUG logging on, so all times are longer than without)"
echo "| Figure | Skiff | Kafka $KAFKA_VERSION |"
echo "|---|---|---|"
echo "| subscribe -> assigned (rebalance.time.ms) | $(value skiff assigned) ms | $(value kafka assigned) ms |"
echo "| of which waiting for the broker | $(value skiff broker) ms | $(value kafka broker) ms |"
echo "| subscribe -> first record | $(value skiff first) ms | $(value kafka first) ms |"
