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

# Produce and fetch over TLS, Skiff vs Apache Kafka ($KAFKA_VERSION, default 4.4.0) on this machine, with Kafka's own
# ProducerPerformance and ConsumerPerformance and one certificate (EC P-256, PKCS12, made here with keytool).
#
# usage: bench/tls-bench.sh [ROUNDS]      (builds nothing: expects app/target/skiff.jar)
#
# Starts both brokers with a PLAINTEXT and an SSL listener, then per round, alternating the brokers (the order flips
# every round), on a fresh topic: ProducerPerformance $RECORDS x $RECORD_SIZE B over TLS (acks=1 linger.ms=5
# batch.size=131072) and ConsumerPerformance over TLS of those records (fetch MB/s, which leaves out the group join),
# each with the broker JVM's CPU seconds around it. Prints every run with the load average, then medians.
#
# Environment (all optional): RECORDS=200000 RECORD_SIZE=1000 SKIFF_JAVA_OPTS SKIFF_JAR KAFKA_TOOLS
#   PORT_BASE=N      use ports N..N+4 (Kafka N, its controller N+1, its SSL N+2; Skiff N+3, its SSL N+4) instead of
#                    free ones picked at random (for a machine where each user has a port range)
#   ONLY=skiff (no Kafka: before/after comparisons of Skiff builds)
set -euo pipefail
ROUNDS="${1:-2}"
RECORDS="${RECORDS:-200000}"
RECORD_SIZE="${RECORD_SIZE:-1000}"
export KAFKA_VERSION="${KAFKA_VERSION:-4.4.0}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib.sh
. "$ROOT/bench/lib.sh"
KAFKA_TOOLS="$(kafka_tools "$ROOT")"
SKIFF_JAR="${SKIFF_JAR:-$ROOT/app/target/skiff.jar}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/skiff-tls-bench.XXXXXX")"
SKIFF_PID=""; KAFKA_PID=""
# shellcheck disable=SC2086 # either may be unset
cleanup() { stop_and_remove "$WORK" $SKIFF_PID $KAFKA_PID; }
trap cleanup EXIT
median() { sort -g | awk '{a[NR]=$1} END {if (NR==0) print 0; else if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }

PASS=bench-secret
keytool -genkeypair -keystore "$WORK/server.p12" -storetype PKCS12 -storepass "$PASS" -keypass "$PASS" -alias broker \
  -keyalg EC -groupname secp256r1 -dname CN=localhost -ext SAN=IP:127.0.0.1,DNS:localhost -validity 30 2>/dev/null
keytool -exportcert -keystore "$WORK/server.p12" -storepass "$PASS" -alias broker -file "$WORK/broker.crt" 2>/dev/null
keytool -importcert -noprompt -keystore "$WORK/trust.p12" -storetype PKCS12 -storepass "$PASS" -alias broker \
  -file "$WORK/broker.crt" 2>/dev/null
SSL_KEYS=(ssl.keystore.location="$WORK/server.p12" ssl.keystore.type=PKCS12 ssl.keystore.password="$PASS"
  ssl.key.password="$PASS")
cat >"$WORK/client.properties" <<P
security.protocol=SSL
ssl.truststore.location=$WORK/trust.p12
ssl.truststore.type=PKCS12
ssl.truststore.password=$PASS
P

KAFKA_LIBS="$("$KAFKA_TOOLS/fetch.sh")"
start_kafka() {
  local port="$1" tls="$2" data="$WORK/kafka"
  mkdir -p "$data/logs"
  cat >"$data/server.properties" <<P
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$((port + 1))
listeners=PLAINTEXT://127.0.0.1:$port,CONTROLLER://127.0.0.1:$((port + 1)),SSL://127.0.0.1:$tls
advertised.listeners=PLAINTEXT://127.0.0.1:$port,SSL://127.0.0.1:$tls
controller.listener.names=CONTROLLER
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT,SSL:SSL
inter.broker.listener.name=PLAINTEXT
log.dirs=$data/logs
offsets.topic.replication.factor=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
group.initial.rebalance.delay.ms=0
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
P
  printf '%s\n' "${SSL_KEYS[@]}" >>"$data/server.properties"
  printf 'Configuration:\n  Appenders:\n    Console: {name: STDOUT, PatternLayout: {pattern: "[%%d] %%p %%m (%%c)%%n"}}\n  Loggers:\n    Root: {level: WARN, AppenderRef: [{ref: STDOUT}]}\n' >"$data/log4j2.yaml"
  java -cp "$KAFKA_LIBS/*" -Dlog4j2.configurationFile="$data/log4j2.yaml" kafka.tools.StorageTool format \
    -t q1Sh-9_ISia_zwGINzRvyQ -c "$data/server.properties" >"$data/format.log" 2>&1
  java -Xmx1G -Xms1G -cp "$KAFKA_LIBS/*" -Dlog4j2.configurationFile="$data/log4j2.yaml" kafka.Kafka \
    "$data/server.properties" >"$data/server.log" 2>&1 &
  KAFKA_PID=$!
  python3 "$ROOT/bench/ready.py" "$KAFKA_PID" "$port" 180 >/dev/null || { tail -30 "$data/server.log" >&2; exit 1; }
  KAFKA_JVM="$KAFKA_PID"
}
start_skiff() {
  local port="$1" tls="$2" overrides=()
  for kv in "${SSL_KEYS[@]}"; do overrides+=(--override "$kv"); done
  # shellcheck disable=SC2086
  java ${SKIFF_JAVA_OPTS:-} -jar "$SKIFF_JAR" --override "listeners=PLAINTEXT://127.0.0.1:$port,SSL://127.0.0.1:$tls" \
    --override "log.dirs=$WORK/skiff-data" "${overrides[@]}" >"$WORK/skiff.log" 2>&1 &
  SKIFF_PID=$!
  python3 "$ROOT/bench/ready.py" "$SKIFF_PID" "$port" 60 >/dev/null || { cat "$WORK/skiff.log" >&2; exit 1; }
  SKIFF_JVM="$(broker_jvm "$SKIFF_PID")"
}
if [ -n "${PORT_BASE:-}" ]; then
  KP="$PORT_BASE"; KT_PORT=$((PORT_BASE + 2)); SP=$((PORT_BASE + 3)); ST_PORT=$((PORT_BASE + 4))
else
  KP="$(free_port)"; KT_PORT="$(free_port)"; SP="$(free_port)"; ST_PORT="$(free_port)"
fi
start_skiff "$SP" "$ST_PORT"
brokers=(skiff kafka)
if [ "${ONLY:-}" = skiff ]; then brokers=(skiff); else start_kafka "$KP" "$KT_PORT"; fi
echo "== $(nproc) cores, load $(load); Skiff $SKIFF_JAR on SSL 127.0.0.1:$ST_PORT, Kafka $KAFKA_VERSION on SSL 127.0.0.1:$KT_PORT (${brokers[*]})"

RESULTS="$WORK/results"; : >"$RESULTS"
for round in $(seq 1 "$ROUNDS"); do
  order=("${brokers[@]}")
  [ $((round % 2)) -eq 0 ] && [ "${#brokers[@]}" -eq 2 ] && order=(kafka skiff)
  for b in "${order[@]}"; do
    if [ "$b" = skiff ]; then port="$ST_PORT"; jvm="$SKIFF_JVM"; else port="$KT_PORT"; jvm="$KAFKA_JVM"; fi
    topic="tls-r$round"
    l="$(load)"
    c0="$(cpu_seconds "$jvm")"
    "$KAFKA_TOOLS/tool.sh" org.apache.kafka.tools.ProducerPerformance --topic "$topic" --num-records "$RECORDS" \
      --record-size "$RECORD_SIZE" --throughput -1 --producer.config "$WORK/client.properties" \
      --producer-props "bootstrap.servers=127.0.0.1:$port" acks=1 linger.ms=5 batch.size=131072 >"$WORK/p.log" 2>&1
    c1="$(cpu_seconds "$jvm")"
    "$KAFKA_TOOLS/tool.sh" org.apache.kafka.tools.ConsumerPerformance --bootstrap-server "127.0.0.1:$port" \
      --topic "$topic" --messages "$RECORDS" --timeout 60000 --consumer.config "$WORK/client.properties" \
      >"$WORK/c.log" 2>&1
    c2="$(cpu_seconds "$jvm")"
    # "N records sent, R records/sec (M MB/sec), ..."
    pmb="$(grep -E "^$RECORDS records sent" "$WORK/p.log" | sed -E 's/.*\(([0-9.]+) MB\/sec\).*/\1/')"
    # header: ..., rebalance.time.ms, fetch.time.ms, fetch.MB.sec, fetch.nMsg.sec
    cmb="$(awk -F', *' '/^start.time/ {h=1; next} h && NF>=9 {print $9; exit}' "$WORK/c.log")"
    pcpu="$(awk -v a="$c1" -v b="$c0" 'BEGIN {printf "%.2f", a - b}')"
    ccpu="$(awk -v a="$c2" -v b="$c1" 'BEGIN {printf "%.2f", a - b}')"
    echo "round $round $b (load $l): produce ${pmb:-?} MB/s (broker CPU $pcpu s), fetch ${cmb:-?} MB/s (broker CPU $ccpu s)"
    echo "$b produce ${pmb:-0}" >>"$RESULTS"; echo "$b fetch ${cmb:-0}" >>"$RESULTS"
    echo "$b produce_cpu $pcpu" >>"$RESULTS"; echo "$b fetch_cpu $ccpu" >>"$RESULTS"
  done
done
value() { awk -v b="$1" -v m="$2" '$1==b && $2==m {print $3}' "$RESULTS" | median; }
echo
echo "== load now $(load); $ROUNDS rounds, medians, $RECORDS records of $RECORD_SIZE B over TLS"
echo "| Figure | Skiff | Kafka $KAFKA_VERSION | Skiff / Kafka |"
echo "|---|---|---|---|"
for m in "produce MB/s" "fetch MB/s" "produce_cpu s" "fetch_cpu s"; do
  set -- $m
  s="$(value skiff "$1")"; k="$(value kafka "$1")"
  printf '| %s | %s %s | %s %s | %s |\n' "$1" "$s" "$2" "$k" "$2" "$(awk -v s="$s" -v k="$k" 'BEGIN {if (k>0) printf "%.2f", s/k; else print "n/a"}')"
done
