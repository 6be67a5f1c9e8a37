#!/usr/bin/env bash
# Skiff vs Apache Kafka 4.1 with Kafka's own performance tools, on this machine.
#
# usage: bench/kafka-tools-bench.sh [ROUNDS]        (run from anywhere; builds nothing)
#
# Expects broker/target/skiff.jar (build it first: mvn -q -B -pl broker -am package -DskipTests).
# Starts Skiff (java -jar, its own temp data dir, a free port) and a real Kafka 4.1 (start-kafka.sh, its own
# temp dir, a free port), then for ROUNDS rounds, alternating the two brokers (the order flips every round):
#   ProducerPerformance  --num-records $RECORDS --record-size $RECORD_SIZE --throughput -1  acks=1
#   ConsumerPerformance  over the same topic, --messages $RECORDS
#   ProducerPerformance  with the producer's defaults (acks=all, idempotent)   [unless DEFAULT_ACKS=0]
# and prints records/s per broker per round, the medians and the ratio Skiff/Kafka. Before that it measures
# the jar's launch to ready $START_RUNS times each through its launcher with skiff.jsa and in place ("Skiff ready
# in N ms" and the wall time from launch until the port answers). Load average is printed with every measurement:
# the machine may be shared. ROUNDS=0 measures only the start.
#
# Environment (all optional):
#   KAFKA_TOOLS      folder with tool.sh and start-kafka.sh (default: ../shared/tools/kafka from the repo root,
#                    or from the main checkout's root when run in a git worktree)
#   SKIFF_JAR        default: broker/target/skiff.jar in this checkout
#   SKIFF_JAVA_OPTS  JVM options for Skiff (default: -Xmx1G -Xms1G, the heap start-kafka.sh gives Kafka)
#   RECORDS=2000000 RECORD_SIZE=100 START_RUNS=5 DEFAULT_ACKS=1 (0 skips the acks=all run)
#   COMPRESSION=none the producers' compression.type (none, gzip, snappy, lz4, zstd)
#   CONSUME=1        0 skips the ConsumerPerformance run
#   ONLY=skiff|kafka run one broker only (no ratios)
set -euo pipefail

ROUNDS="${1:-3}"
RECORDS="${RECORDS:-2000000}"
RECORD_SIZE="${RECORD_SIZE:-100}"
START_RUNS="${START_RUNS:-5}"
DEFAULT_ACKS="${DEFAULT_ACKS:-1}"
COMPRESSION="${COMPRESSION:-none}"
CONSUME="${CONSUME:-1}"
ONLY="${ONLY:-}"
SKIFF_JAVA_OPTS="${SKIFF_JAVA_OPTS:--Xmx1G -Xms1G}"

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ -z "${KAFKA_TOOLS:-}" ]; then
  KAFKA_TOOLS="$ROOT/../shared/tools/kafka"
  if [ ! -x "$KAFKA_TOOLS/tool.sh" ]; then
    # In a git worktree the shared folder sits beside the main checkout.
    common="$(git -C "$ROOT" rev-parse --path-format=absolute --git-common-dir 2>/dev/null || true)"
    [ -n "$common" ] && KAFKA_TOOLS="$(dirname "$common")/../shared/tools/kafka"
  fi
fi
SKIFF_JAR="${SKIFF_JAR:-$ROOT/broker/target/skiff.jar}"
[ -x "$KAFKA_TOOLS/tool.sh" ] || { echo "Kafka tools not found at $KAFKA_TOOLS (set KAFKA_TOOLS)" >&2; exit 1; }
[ "$ONLY" = kafka ] || [ -f "$SKIFF_JAR" ] || { echo "$SKIFF_JAR missing: build it first (mvn -q -B -pl broker -am package -DskipTests)" >&2; exit 1; }
command -v python3 >/dev/null || { echo "python3 is needed (free ports, start timing)" >&2; exit 1; }

WORK="$(mktemp -d "${TMPDIR:-/tmp}/skiff-bench.XXXXXX")"
# Run a copy: a rebuild while the benchmark runs must not pull classes from under the running broker.
# The jar is used where it is: its class-data-sharing archive (skiff.jsa beside it) is bound to that path.
SKIFF_PID=""; KAFKA_PID=""
cleanup() {
  for pid in $SKIFF_PID $KAFKA_PID; do kill "$pid" 2>/dev/null || true; done
  # Kafka is not our child (start-kafka.sh detaches it): poll until both have exited, then remove their files.
  for _ in $(seq 300); do
    alive=0
    for pid in $SKIFF_PID $KAFKA_PID; do kill -0 "$pid" 2>/dev/null && alive=1; done
    [ "$alive" = 0 ] && break
    sleep 0.1
  done
  rm -rf "$WORK"
}
trap cleanup EXIT

load() { cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime | sed 's/.*average[s]*: //'; }

# A free TCP port whose successor is free too (Kafka's controller uses PORT+1).
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
  python3 - "$SKIFF_JAR" "$START_RUNS" "$WORK" $SKIFF_JAVA_OPTS <<'PY'
import os, re, shutil, socket, statistics, struct, subprocess, sys, tempfile, time
jar, runs, work, opts = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
ready_re = re.compile(r"Skiff ready in (\d+) ms")
tick = os.sysconf("SC_CLK_TCK")
client = b"bench"
api_versions = struct.pack(">hhih", 18, 0, 1, len(client)) + client
frame = struct.pack(">i", len(api_versions)) + api_versions
modes = [("launcher + skiff.jsa", []), ("in place (-Dskiff.cds=false)", ["-Dskiff.cds=false"])]

def answers(port):
    try:
        with socket.create_connection(("127.0.0.1", port), 1) as c:
            c.settimeout(2); c.sendall(frame)
            head = c.recv(8)
            return len(head) == 8 and struct.unpack(">ii", head)[1] == 1
    except OSError:
        return False

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

start_skiff() {
  SKIFF_PORT="$(free_port)"
  mkdir -p "$WORK/skiff-data"
  # shellcheck disable=SC2086
  java $SKIFF_JAVA_OPTS -jar "$SKIFF_JAR" --override "listeners=PLAINTEXT://127.0.0.1:$SKIFF_PORT" \
    --override "log.dirs=$WORK/skiff-data" >"$WORK/skiff.log" 2>&1 &
  SKIFF_PID=$!
  wait_port "$SKIFF_PORT" 30 || { cat "$WORK/skiff.log" >&2; echo "Skiff did not start" >&2; exit 1; }
  for _ in $(seq 100); do grep -q 'ready' "$WORK/skiff.log" && break; sleep 0.1; done
  echo "Skiff  pid $SKIFF_PID on 127.0.0.1:$SKIFF_PORT: $(grep -m1 'ready' "$WORK/skiff.log" || true)"
}

start_kafka() {
  KAFKA_PORT="$(free_port)"
  KAFKA_PID="$("$KAFKA_TOOLS/start-kafka.sh" "$KAFKA_PORT" "$WORK/kafka-data")"
  wait_port "$KAFKA_PORT" 120 || { tail -50 "$WORK/kafka-data/server.log" >&2; echo "Kafka did not start" >&2; exit 1; }
  echo "Kafka  pid $KAFKA_PID on 127.0.0.1:$KAFKA_PORT"
}

# produce BROKER_NAME PORT TOPIC [extra producer props...] -> records/s
produce() {
  local name="$1" port="$2" topic="$3"; shift 3
  local out="$WORK/produce-$name-$topic.log"
  "$KAFKA_TOOLS/tool.sh" org.apache.kafka.tools.ProducerPerformance --topic "$topic" --num-records "$RECORDS" \
    --record-size "$RECORD_SIZE" --throughput -1 --producer-props "bootstrap.servers=127.0.0.1:$port" "compression.type=$COMPRESSION" "$@" \
    >"$out" 2>&1 || { tail -20 "$out" >&2; echo "ProducerPerformance failed against $name" >&2; echo 0; return; }
  # last line: "N records sent, R records/sec (M MB/sec), L ms avg latency, ..."
  grep -E "^$RECORDS records sent" "$out" | tail -1 | sed -E 's/.* records sent, ([0-9.]+) records\/sec.*/\1/'
}

# consume BROKER_NAME PORT TOPIC -> records/s (nMsg.sec, which includes the group join like Kafka reports it)
consume() {
  local name="$1" port="$2" topic="$3"
  local out="$WORK/consume-$name-$topic.log"
  "$KAFKA_TOOLS/tool.sh" org.apache.kafka.tools.ConsumerPerformance --bootstrap-server "127.0.0.1:$port" \
    --topic "$topic" --messages "$RECORDS" --timeout 60000 >"$out" 2>&1 \
    || { tail -20 "$out" >&2; echo "ConsumerPerformance failed against $name" >&2; echo 0; return; }
  # header: start.time, end.time, data.consumed.in.MB, MB.sec, data.consumed.in.nMsg, nMsg.sec, ...
  awk -F', *' '/^start.time/ {h=1; next} h && NF>=6 {print $6; exit}' "$out"
}

median() { sort -g | awk '{a[NR]=$1} END {if (NR==0) print 0; else if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }

echo "== machine: $(nproc) cores, load $(load), $(java -version 2>&1 | head -1)"
echo "== Skiff jar: $SKIFF_JAR"
if [ "$ONLY" != kafka ] && [ "$START_RUNS" -gt 0 ]; then
  echo "== launch to ready ($START_RUNS runs)"
  measure_start
fi

brokers=()
[ "$ONLY" != kafka ] && { start_skiff; brokers+=(skiff); }
[ "$ONLY" != skiff ] && { start_kafka; brokers+=(kafka); }
port_of() { if [ "$1" = skiff ]; then echo "$SKIFF_PORT"; else echo "$KAFKA_PORT"; fi; }

RESULTS="$WORK/results"; : >"$RESULTS"
for round in $(seq 1 "$ROUNDS"); do
  order=("${brokers[@]}")
  if [ $((round % 2)) -eq 0 ] && [ "${#brokers[@]}" -eq 2 ]; then order=("${brokers[1]}" "${brokers[0]}"); fi
  for b in "${order[@]}"; do
    port="$(port_of "$b")"
    topic="bench-r$round"
    l="$(load)"
    p1="$(produce "$b" "$port" "$topic" acks=1)"
    line="round $round $b: produce(acks=1) $p1 rec/s"
    echo "$b produce1 $p1" >>"$RESULTS"
    if [ "$CONSUME" != 0 ]; then
      c="$(consume "$b" "$port" "$topic")"
      line="$line, consume $c rec/s"
      echo "$b consume $c" >>"$RESULTS"
    fi
    if [ "$DEFAULT_ACKS" != 0 ]; then
      p2="$(produce "$b" "$port" "$topic-idem")"
      line="$line, produce(defaults: acks=all, idempotent) $p2 rec/s"
      echo "$b produceall $p2" >>"$RESULTS"
    fi
    echo "$line   (load before: $l)"
  done
done

echo "== medians over $ROUNDS rounds ($RECORDS records of $RECORD_SIZE bytes, compression.type=$COMPRESSION; load now $(load))"
for metric in produce1 consume produceall; do
  grep -q " $metric " "$RESULTS" || continue
  s="$(awk -v m="$metric" '$1=="skiff" && $2==m {print $3}' "$RESULTS" | median)"
  k="$(awk -v m="$metric" '$1=="kafka" && $2==m {print $3}' "$RESULTS" | median)"
  ratio="$(awk -v s="$s" -v k="$k" 'BEGIN {if (k>0 && s>0) printf "%.2f", s/k; else print "n/a"}')"
  case $metric in produce1) label="produce acks=1";; consume) label="consume";; *) label="produce acks=all idempotent";; esac
  printf '%-28s skiff %10.0f rec/s   kafka %10.0f rec/s   skiff/kafka %s\n' "$label" "$s" "$k" "$ratio"
done
