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

# Skiff vs Apache Kafka ($KAFKA_VERSION, default 4.4.0) on this machine, with Kafka's own tools: the whole comparison table in one command.
#
# usage: bench/kafka-tools-bench.sh [ROUNDS]        (run from anywhere; builds nothing)
#
# Expects app/target/skiff.jar (build it first: mvn -q -B -ntp -Pquick package -pl app -am).
# First measures the jar's launch to ready $START_RUNS times each through its launcher with skiff.jsa and in place
# ("Skiff ready in N ms" and the wall time from launch until the port answers an ApiVersions request). Then starts
# Skiff (java -jar, its own temp data dir, a free port) and a real Kafka 4.4.0 (start-kafka.sh, its own temp dir, a
# free port), measures for each the time from its JVM's launch to the first ApiVersions answer and its resident
# memory once started, and runs ROUNDS rounds, alternating the brokers (the order flips every round):
#   produce  ProducerPerformance $RECORDS x $RECORD_SIZE B, acks=1            (records/s)
#   consume  ConsumerPerformance over those records                           (records/s, nMsg.sec; and its
#            rebalance.time.ms: a new consumer group's join, from subscribe() to the assignment)
#   large    ProducerPerformance $RECORDS_LARGE x $RECORD_SIZE_LARGE B with the producer's defaults (acks=all,
#            idempotent), then ConsumerPerformance over them                  (records/s)
#   e2e      EndToEndLatency, $E2E_MESSAGES messages of 100 B, acks=1         (avg and p99 ms)
#   partitions  BrokerOps: create a topic of $PARTITIONS partitions; until every partition took a record (ms);
#            then ProducerPerformance $WIDE_RECORDS x $RECORD_SIZE B, acks=1, over all those partitions (p50, p99 ms)
#   connections BrokerOps: open $CONNECTIONS connections; a request on all of them at once (ms)
# The broker JVM's CPU time (/proc/PID/stat; through the launcher that is the launcher's child JVM, not the
# launcher) is read around every workload: CPU seconds per million records produced and consumed. At the end:
# medians, the ratio Skiff/Kafka per figure, the broker CPU over the rounds and the peak RSS (VmHWM), as a
# Markdown table. Load average is printed with every measurement: the machine may be shared. ROUNDS=0 measures only
# the jar's start.
#
# Environment (all optional):
#   KAFKA_VERSION    the Kafka release start-kafka.sh and tool.sh use (default 4.4.0; 4.1.1 for the old figures)
#   KAFKA_TOOLS      folder with tool.sh, fetch.sh and start-kafka.sh (default: ../shared/tools/kafka from the repo
#                    root, or from the main checkout's root when run in a git worktree)
#   SKIFF_JAR        default: app/target/skiff.jar in this checkout
#   SKIFF_JAVA_OPTS  JVM options for Skiff (default: none, so Skiff runs with its own defaults as a user gets them;
#                    -Xmx1G -Xms1G gives it the heap start-kafka.sh gives Kafka)
#   RECORDS=2000000 RECORD_SIZE=100 RECORDS_LARGE=500000 RECORD_SIZE_LARGE=1024 E2E_MESSAGES=5000
#   PARTITIONS=1000 WIDE_RECORDS=300000 CONNECTIONS=500 START_RUNS=5
#   COMPRESSION=none the producers' compression.type (none, gzip, snappy, lz4, zstd)
#   SKIP             comma-separated workloads to leave out: produce,consume,large,e2e,partitions,connections
#   ONLY=skiff|kafka run one broker only (no ratios)
#   SKIFF_PORT, KAFKA_PORT  the brokers' ports (Kafka's controller takes KAFKA_PORT+1) instead of free ones picked
#                    at random (for a machine where each user has a port range)
set -euo pipefail

ROUNDS="${1:-3}"
RECORDS="${RECORDS:-2000000}"
RECORD_SIZE="${RECORD_SIZE:-100}"
RECORDS_LARGE="${RECORDS_LARGE:-500000}"
RECORD_SIZE_LARGE="${RECORD_SIZE_LARGE:-1024}"
E2E_MESSAGES="${E2E_MESSAGES:-5000}"
PARTITIONS="${PARTITIONS:-1000}"
WIDE_RECORDS="${WIDE_RECORDS:-300000}"
CONNECTIONS="${CONNECTIONS:-500}"
START_RUNS="${START_RUNS:-5}"
COMPRESSION="${COMPRESSION:-none}"
SKIP=",${SKIP:-},"
ONLY="${ONLY:-}"
SKIFF_JAVA_OPTS="${SKIFF_JAVA_OPTS:-}"
SKIFF_PORT_SET="${SKIFF_PORT:-}"; KAFKA_PORT_SET="${KAFKA_PORT:-}"
export KAFKA_VERSION="${KAFKA_VERSION:-4.4.0}"

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib.sh
. "$ROOT/bench/lib.sh"
KAFKA_TOOLS="$(kafka_tools "$ROOT")"
SKIFF_JAR="${SKIFF_JAR:-$ROOT/app/target/skiff.jar}"
[ -x "$KAFKA_TOOLS/tool.sh" ] || { echo "Kafka tools not found at $KAFKA_TOOLS (set KAFKA_TOOLS)" >&2; exit 1; }
[ "$ONLY" = kafka ] || [ -f "$SKIFF_JAR" ] || { echo "$SKIFF_JAR missing: build it first (mvn -q -B -pl app -am package -DskipTests)" >&2; exit 1; }
command -v python3 >/dev/null || { echo "python3 is needed (free ports, start timing)" >&2; exit 1; }

WORK="$(mktemp -d "${TMPDIR:-/tmp}/skiff-bench.XXXXXX")"
skipped() { [[ "$SKIP" == *",$1,"* ]]; }
# Run a copy: a rebuild while the benchmark runs must not pull classes from under the running broker.
# The jar is used where it is: its class-data-sharing archive (skiff.jsa beside it) is bound to that path.
SKIFF_PID=""; KAFKA_PID=""
# shellcheck disable=SC2086 # either may be unset
cleanup() { stop_and_remove "$WORK" $SKIFF_PID $KAFKA_PID; }
trap cleanup EXIT



wait_port() { # PORT TIMEOUT_S
  python3 - "$1" "$2" <<'PY'
import socket, sys, time
port, deadline = int(sys.argv[1]), time.time() + float(sys.argv[2])
while time.time() < deadline:
    try:
        socket.create_connection(("127.0.0.1", port), 0.5).close(); sys.exit(0)
    except OSError:
        time.sleep(0.05)
sys.exit(1)
PY
}

# Launch to ready, alternating the two ways the jar can start: through its launcher with the class-data-sharing
# archive the build wrote (skiff.jsa, the default) and in place (-Dskiff.cds=false). Per run: "Skiff ready in N ms"
# (the broker's own figure, from the launch of the process), the wall time from launch until the port answers an
# ApiVersions request (a bare TCP connect would succeed as soon as the port is bound), and the CPU time used by
# then by the launched process and its child (less sensitive to a busy machine than wall time).
measure_start() {
  PYTHONPATH="$ROOT/bench" python3 - "$SKIFF_JAR" "$START_RUNS" "$WORK" $SKIFF_JAVA_OPTS <<'PY'
import os, re, shutil, socket, statistics, subprocess, sys, tempfile, time
from ready import answers
jar, runs, work, opts = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
ready_re = re.compile(r"Skiff ready in (\d+) ms")
tick = os.sysconf("SC_CLK_TCK")
modes = [("launcher + skiff.jsa", []), ("in place (-Dskiff.cds=false)", ["-Dskiff.cds=false"])]

def cpu_ms(pid):
    total = 0
    try:
        st = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        total = (int(st[11]) + int(st[12])) * 1000 / tick
        for task in os.listdir(f"/proc/{pid}/task"):
            for child in open(f"/proc/{pid}/task/{task}/children").read().split():
                total += cpu_ms(int(child))
    except OSError:
        pass
    return total

results = {name: ([], [], []) for name, _ in modes}
for i in range(runs):
    for name, extra in (modes if i % 2 == 0 else modes[::-1]):
        s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
        data = tempfile.mkdtemp(dir=work)
        t0 = time.monotonic()
        p = subprocess.Popen(["java", *opts, *extra, "-jar", jar, "--override", f"listeners=PLAINTEXT://127.0.0.1:{port}",
                              "--override", f"log.dirs={data}"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        wall = cpu = None
        while time.monotonic() - t0 < 30 and p.poll() is None:
            if answers(port):
                wall = (time.monotonic() - t0) * 1000
                cpu = cpu_ms(p.pid)
                break
            time.sleep(0.01)
        own = None
        for line in p.stdout:
            m = ready_re.search(line.decode(errors="replace"))
            if m:
                own = int(m.group(1)); break
        p.terminate(); p.wait(30)
        shutil.rmtree(data, ignore_errors=True)
        if wall is None or own is None:
            sys.exit("Skiff did not become ready")
        load = open("/proc/loadavg").read().split()[:3]
        print(f"start {i+1}, {name}: ready line {own} ms, launch->ApiVersions answered {wall:.0f} ms, "
              f"CPU by then {cpu:.0f} ms   (load {' '.join(load)})", flush=True)
        for values, value in zip(results[name], (own, wall, cpu)):
            values.append(value)
for name, (selfs, walls, cpus) in results.items():
    print(f"start median, {name}: ready line {statistics.median(selfs)} ms, launch->ApiVersions answered "
          f"{statistics.median(walls):.0f} ms, CPU {statistics.median(cpus):.0f} ms")
PY
}

# after_start NAME PID PORT: the time from the broker JVM's launch to its first ApiVersions answer, then (a second
# later, once the start's garbage is settled) its resident memory.
after_start() {
  local name="$1" pid="$2" port="$3" ms
  ms="$(python3 "$ROOT/bench/ready.py" "$pid" "$port" 180)" || return 1
  sleep 1
  echo "$name ready $ms" >>"$RESULTS"
  echo "$name rss_start $(rss_mib "$(broker_jvm "$pid")")" >>"$RESULTS"
  echo "$name cpu_start $(cpu_seconds "$(broker_jvm "$pid")")" >>"$RESULTS"
  echo "$ms"
}

start_skiff() {
  SKIFF_PORT="${SKIFF_PORT_SET:-$(free_port)}"
  mkdir -p "$WORK/skiff-data"
  # shellcheck disable=SC2086
  java $SKIFF_JAVA_OPTS -jar "$SKIFF_JAR" --override "listeners=PLAINTEXT://127.0.0.1:$SKIFF_PORT" \
    --override "log.dirs=$WORK/skiff-data" >"$WORK/skiff.log" 2>&1 &
  SKIFF_PID=$!
  local ms
  ms="$(after_start skiff "$SKIFF_PID" "$SKIFF_PORT")" \
    || { cat "$WORK/skiff.log" >&2; echo "Skiff did not start" >&2; exit 1; }
  SKIFF_JVM="$(broker_jvm "$SKIFF_PID")"
  echo "Skiff  pid $SKIFF_PID (broker JVM $SKIFF_JVM) on 127.0.0.1:$SKIFF_PORT: launch -> ApiVersions answered" \
    "$ms ms; $(grep -m1 'ready' "$WORK/skiff.log" || true)   (load $(load))"
}

start_kafka() {
  KAFKA_PORT="${KAFKA_PORT_SET:-$(free_port)}"
  KAFKA_PID="$("$KAFKA_TOOLS/start-kafka.sh" "$KAFKA_PORT" "$WORK/kafka-data")"
  KAFKA_JVM="$KAFKA_PID"
  local ms
  ms="$(after_start kafka "$KAFKA_PID" "$KAFKA_PORT")" \
    || { tail -50 "$WORK/kafka-data/server.log" >&2; echo "Kafka did not start" >&2; exit 1; }
  echo "Kafka  pid $KAFKA_PID on 127.0.0.1:$KAFKA_PORT: launch of kafka.Kafka -> ApiVersions answered $ms ms" \
    "(after start-kafka.sh formatted its storage)   (load $(load))"
}

# produce BROKER_NAME PORT TOPIC RECORDS SIZE [extra producer props...] -> records/s
# (PRODUCE_FIELDS=latency instead prints "p50_ms p99_ms" of the records' send-to-acknowledgement latency)
produce() {
  local name="$1" port="$2" topic="$3" records="$4" size="$5"; shift 5
  local out="$WORK/produce-$name-$topic.log"
  "$KAFKA_TOOLS/tool.sh" org.apache.kafka.tools.ProducerPerformance --topic "$topic" --num-records "$records" \
    --record-size "$size" --throughput -1 --producer-props "bootstrap.servers=127.0.0.1:$port" "compression.type=$COMPRESSION" "$@" \
    >"$out" 2>&1 || { tail -20 "$out" >&2; echo "ProducerPerformance failed against $name" >&2; echo 0; return; }
  # last line: "N records sent, R records/sec (M MB/sec), L ms avg latency, ..."
  if [ "${PRODUCE_FIELDS:-}" = latency ]; then
    # "..., 12 ms 50th, 30 ms 95th, 45 ms 99th, 60 ms 99.9th."
    grep -E "^$records records sent" "$out" | tail -1 | sed -E 's/.* ([0-9]+) ms 50th, [0-9]+ ms 95th, ([0-9]+) ms 99th.*/\1 \2/'
    return
  fi
  grep -E "^$records records sent" "$out" | tail -1 | sed -E 's/.* records sent, ([0-9.]+) records\/sec.*/\1/'
}

# consume BROKER_NAME PORT TOPIC RECORDS -> "records/s join_ms" (nMsg.sec, which includes the group join like Kafka
# reports it, and rebalance.time.ms: from subscribe() until the new group's assignment reached the consumer)
consume() {
  local name="$1" port="$2" topic="$3" records="$4"
  local out="$WORK/consume-$name-$topic.log"
  "$KAFKA_TOOLS/tool.sh" org.apache.kafka.tools.ConsumerPerformance --bootstrap-server "127.0.0.1:$port" \
    --topic "$topic" --messages "$records" --timeout 60000 >"$out" 2>&1 \
    || { tail -20 "$out" >&2; echo "ConsumerPerformance failed against $name" >&2; echo "0 0"; return; }
  # header: start.time, end.time, data.consumed.in.MB, MB.sec, data.consumed.in.nMsg, nMsg.sec, rebalance.time.ms, ...
  awk -F', *' '/^start.time/ {h=1; next} h && NF>=7 {print $6, $7; exit}' "$out"
}

# e2e BROKER_NAME PORT TOPIC -> "avg_ms p99_ms" (EndToEndLatency: one message at a time, acks=1, 100 B)
e2e() {
  local name="$1" port="$2" topic="$3"
  local out="$WORK/e2e-$name-$topic.log"
  "$KAFKA_TOOLS/tool.sh" org.apache.kafka.tools.EndToEndLatency "127.0.0.1:$port" "$topic" "$E2E_MESSAGES" 1 100 \
    >"$out" 2>&1 || { tail -20 "$out" >&2; echo "EndToEndLatency failed against $name" >&2; echo "0 0"; return; }
  # "Avg latency: 1.2345 ms" and "Percentiles: 50th = 1, 99th = 2, 99.9th = 5"
  echo "$(sed -nE 's/^Avg latency: ([0-9.]+) ms.*/\1/p' "$out") $(sed -nE 's/.*99th = ([0-9]+),.*/\1/p' "$out")"
}

# ops BROKER_NAME OPERATION ARGS... -> the key=value line of BrokerOps
ops() {
  local name="$1"; shift
  local out="$WORK/ops-$name-$1-$2.log"
  java -cp "$WORK/classes:$KAFKA_LIBS/*" BrokerOps "$@" >"$out" 2>&1 \
    || { tail -20 "$out" >&2; echo "BrokerOps $1 failed against $name" >&2; return; }
  grep -E '=' "$out" | tail -1
}

# field KEY LINE -> the value of KEY=value in LINE
field() { tr ' ' '\n' <<<"$2" | sed -n "s/^$1=//p"; }

median() { sort -g | awk '{a[NR]=$1} END {if (NR==0) print 0; else if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }

echo "== machine: $(nproc) cores, load $(load), $(java -version 2>&1 | head -1); Kafka $KAFKA_VERSION"
echo "== Skiff jar: $SKIFF_JAR"
if [ "$ONLY" != kafka ] && [ "$START_RUNS" -gt 0 ]; then
  echo "== launch to ready ($START_RUNS runs)"
  measure_start
fi

RESULTS="$WORK/results"; : >"$RESULTS"
[ "$ROUNDS" -gt 0 ] || exit 0
KAFKA_LIBS="$("$KAFKA_TOOLS/fetch.sh")"
mkdir -p "$WORK/classes"
javac -d "$WORK/classes" -cp "$KAFKA_LIBS/*" "$ROOT/bench/BrokerOps.java"

brokers=()
[ "$ONLY" != kafka ] && { start_skiff; brokers+=(skiff); }
[ "$ONLY" != skiff ] && { start_kafka; brokers+=(kafka); }
port_of() { if [ "$1" = skiff ]; then echo "$SKIFF_PORT"; else echo "$KAFKA_PORT"; fi; }
jvm_of() { if [ "$1" = skiff ]; then echo "$SKIFF_JVM"; else echo "$KAFKA_JVM"; fi; }
for b in "${brokers[@]}"; do echo "$b cpu_rounds_start $(cpu_seconds "$(jvm_of "$b")")" >>"$RESULTS"; done

# timed BROKER METRIC COMMAND...: runs COMMAND, records the broker JVM's CPU seconds it took as METRIC, prints its output
timed() {
  local b="$1" metric="$2"; shift 2
  local before after out
  before="$(cpu_seconds "$(jvm_of "$b")")"
  out="$("$@")"
  after="$(cpu_seconds "$(jvm_of "$b")")"
  echo "$b $metric $(awk -v a="$after" -v b="$before" 'BEGIN {printf "%.2f", a - b}')" >>"$RESULTS"
  echo "$out"
}

for round in $(seq 1 "$ROUNDS"); do
  order=("${brokers[@]}")
  if [ $((round % 2)) -eq 0 ] && [ "${#brokers[@]}" -eq 2 ]; then order=("${brokers[1]}" "${brokers[0]}"); fi
  for b in "${order[@]}"; do
    port="$(port_of "$b")"
    topic="bench-r$round"
    line="round $round $b (load before $(load)):"
    if ! skipped produce; then
      v="$(timed "$b" cpu_produce "produce" "$b" "$port" "$topic" "$RECORDS" "$RECORD_SIZE" acks=1)"
      echo "$b produce $v" >>"$RESULTS"; line="$line produce ${RECORD_SIZE} B acks=1 $v rec/s,"
      if ! skipped consume; then
        read -r v join <<<"$(timed "$b" cpu_consume "consume" "$b" "$port" "$topic" "$RECORDS")"
        echo "$b consume $v" >>"$RESULTS"; echo "$b join $join" >>"$RESULTS"
        line="$line consume $v rec/s (join $join ms),"
      fi
    fi
    if ! skipped large; then
      v="$(timed "$b" cpu_produce_large "produce" "$b" "$port" "$topic-large" "$RECORDS_LARGE" "$RECORD_SIZE_LARGE")"
      echo "$b produce_large $v" >>"$RESULTS"; line="$line produce ${RECORD_SIZE_LARGE} B idempotent $v rec/s,"
      if ! skipped consume; then
        read -r v join <<<"$(timed "$b" cpu_consume_large "consume" "$b" "$port" "$topic-large" "$RECORDS_LARGE")"
        echo "$b consume_large $v" >>"$RESULTS"; echo "$b join_large $join" >>"$RESULTS"
        line="$line consume $v rec/s (join $join ms),"
      fi
    fi
    if ! skipped e2e; then
      read -r avg p99 <<<"$(e2e "$b" "$port" "$topic-e2e")"
      echo "$b e2e_avg $avg" >>"$RESULTS"; echo "$b e2e_p99 $p99" >>"$RESULTS"
      line="$line e2e avg $avg ms p99 $p99 ms,"
    fi
    if ! skipped partitions; then
      r="$(ops "$b" partitions "127.0.0.1:$port" "$topic-parts" "$PARTITIONS")"
      echo "$b create $(field createMs "$r")" >>"$RESULTS"; echo "$b writable $(field writableMs "$r")" >>"$RESULTS"
      line="$line $PARTITIONS partitions create $(field createMs "$r") ms writable $(field writableMs "$r") ms,"
      read -r p50 p99 <<<"$(PRODUCE_FIELDS=latency produce "$b" "$port" "$topic-parts" "$WIDE_RECORDS" "$RECORD_SIZE" acks=1)"
      echo "$b wide_p50 $p50" >>"$RESULTS"; echo "$b wide_p99 $p99" >>"$RESULTS"
      line="$line produce over them p50 $p50 ms p99 $p99 ms,"
    fi
    if ! skipped connections; then
      r="$(ops "$b" connections "127.0.0.1:$port" "$CONNECTIONS")"
      echo "$b conn_open $(field openMs "$r")" >>"$RESULTS"; echo "$b conn_burst $(field burstMs "$r")" >>"$RESULTS"
      line="$line $CONNECTIONS connections open $(field openMs "$r") ms burst $(field burstMs "$r") ms"
    fi
    echo "$line"
  done
done
for b in "${brokers[@]}"; do
  jvm="$(jvm_of "$b")"
  echo "$b cpu_rounds_end $(cpu_seconds "$jvm")" >>"$RESULTS"
  echo "$b rss_peak $(peak_rss_mib "$jvm")" >>"$RESULTS"
done

# The table: medians over the rounds, the ratio Skiff/Kafka (above 1 means Skiff is higher: better for rates,
# worse for times, CPU and memory).
value() { awk -v b="$1" -v m="$2" '$1==b && $2==m && $3!="" {print $3}' "$RESULTS" | median; }
ratio() { awk -v s="$1" -v k="$2" 'BEGIN {if (k>0 && s>0) printf "%.2f", s/k; else print "n/a"}'; }
per_million() { # BROKER CPU_METRIC RECORDS -> broker CPU seconds per million records (median over the rounds)
  awk -v b="$1" -v m="$2" -v n="$3" '$1==b && $2==m {print $3 * 1000000 / n}' "$RESULTS" | median
}
rounds_cpu() { awk -v b="$1" '$1==b && $2=="cpu_rounds_start" {s=$3} $1==b && $2=="cpu_rounds_end" {e=$3} END {printf "%.1f", e-s}' "$RESULTS"; }
row() { # LABEL UNIT SKIFF KAFKA [FORMAT]
  local fmt="${5:-%.0f}" s k
  s="$(printf "$fmt" "${3:-0}")"; k="$(printf "$fmt" "${4:-0}")"
  printf '| %s | %s %s | %s %s | %s |\n' "$1" "$s" "$2" "$k" "$2" "$(ratio "${3:-0}" "${4:-0}")"
}
has() { grep -q " $1 " "$RESULTS"; }
echo
echo "== $(nproc) cores, load now $(load); $ROUNDS rounds, medians; records of $RECORD_SIZE B x $RECORDS and" \
  "$RECORD_SIZE_LARGE B x $RECORDS_LARGE, compression.type=$COMPRESSION"
echo
echo "| Figure | Skiff | Kafka $KAFKA_VERSION | Skiff / Kafka |"
echo "|---|---|---|---|"
has produce && row "produce $RECORD_SIZE B, acks=1" "records/s" "$(value skiff produce)" "$(value kafka produce)"
has produce_large && row "produce $RECORD_SIZE_LARGE B, idempotent (acks=all)" "records/s" "$(value skiff produce_large)" "$(value kafka produce_large)"
has consume && row "consume $RECORD_SIZE B" "records/s" "$(value skiff consume)" "$(value kafka consume)"
has consume_large && row "consume $RECORD_SIZE_LARGE B" "records/s" "$(value skiff consume_large)" "$(value kafka consume_large)"
has join && row "consumer group join ($RECORD_SIZE B run; rebalance.time.ms)" "ms" "$(value skiff join)" "$(value kafka join)"
has join_large && row "consumer group join ($RECORD_SIZE_LARGE B run)" "ms" "$(value skiff join_large)" "$(value kafka join_large)"
has e2e_avg && row "end-to-end latency, average" "ms" "$(value skiff e2e_avg)" "$(value kafka e2e_avg)" "%.2f"
has e2e_p99 && row "end-to-end latency, p99" "ms" "$(value skiff e2e_p99)" "$(value kafka e2e_p99)"
has create && row "a topic of $PARTITIONS partitions: create" "ms" "$(value skiff create)" "$(value kafka create)"
has writable && row "a topic of $PARTITIONS partitions: all writable" "ms" "$(value skiff writable)" "$(value kafka writable)"
has wide_p50 && row "produce over $PARTITIONS partitions ($WIDE_RECORDS x $RECORD_SIZE B, acks=1): p50" "ms" "$(value skiff wide_p50)" "$(value kafka wide_p50)"
has wide_p99 && row "produce over $PARTITIONS partitions: p99" "ms" "$(value skiff wide_p99)" "$(value kafka wide_p99)"
has conn_open && row "$CONNECTIONS connections: open" "ms" "$(value skiff conn_open)" "$(value kafka conn_open)"
has conn_burst && row "$CONNECTIONS connections: burst" "ms" "$(value skiff conn_burst)" "$(value kafka conn_burst)"
row "launch -> first ApiVersions answer" "ms" "$(value skiff ready)" "$(value kafka ready)"
row "broker CPU over the rounds" "s" "$(rounds_cpu skiff)" "$(rounds_cpu kafka)" "%.1f"
has cpu_produce && row "broker CPU per million records produced, $RECORD_SIZE B acks=1" "s" \
  "$(per_million skiff cpu_produce "$RECORDS")" "$(per_million kafka cpu_produce "$RECORDS")" "%.2f"
has cpu_produce_large && row "broker CPU per million records produced, $RECORD_SIZE_LARGE B idempotent" "s" \
  "$(per_million skiff cpu_produce_large "$RECORDS_LARGE")" "$(per_million kafka cpu_produce_large "$RECORDS_LARGE")" "%.2f"
has cpu_consume && row "broker CPU per million records consumed, $RECORD_SIZE B" "s" \
  "$(per_million skiff cpu_consume "$RECORDS")" "$(per_million kafka cpu_consume "$RECORDS")" "%.2f"
has cpu_consume_large && row "broker CPU per million records consumed, $RECORD_SIZE_LARGE B" "s" \
  "$(per_million skiff cpu_consume_large "$RECORDS_LARGE")" "$(per_million kafka cpu_consume_large "$RECORDS_LARGE")" "%.2f"
row "broker RSS after start" "MiB" "$(value skiff rss_start)" "$(value kafka rss_start)"
row "broker RSS peak" "MiB" "$(value skiff rss_peak)" "$(value kafka rss_peak)"
