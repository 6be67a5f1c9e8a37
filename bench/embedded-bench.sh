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

# Skiff inside tests: first start of an in-process broker in a fresh JVM, a broker per test class against reset(),
# and the same Spring Boot test class on Skiff (@EmbeddedSkiff) and on spring-kafka-test's @EmbeddedKafka.
#
# Needs a build of the embedded module with its test projects (it builds nothing itself; the first @EmbeddedKafka
# run downloads spring-kafka-test into the test projects' repository):
#   mvn -B -ntp -pl embedded -am verify -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false
#   bench/embedded-bench.sh [rounds]          (default 3; START_RUNS fresh JVMs for the first start, default 5)
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${1:-3}
START_RUNS=${START_RUNS:-5}
M2=${M2:-$HOME/.m2/repository}
IT=embedded/target/it
IT_REPO=embedded/target/it-repository
JAR=$(ls embedded/target/skiff-embedded-*.jar | grep -v original | head -1)
SLF4J=$M2/org/slf4j/slf4j-api/2.0.17/slf4j-api-2.0.17.jar:$M2/org/slf4j/slf4j-nop/2.0.17/slf4j-nop-2.0.17.jar
[ -f "$JAR" ] && [ -d "$IT/spring-boot-3" ] || { echo "build the embedded module first (see the header)" >&2; exit 1; }
[ -f "${SLF4J%%:*}" ] && [ -f "${SLF4J##*:}" ] || mvn -q -B dependency:get -Dartifact=org.slf4j:slf4j-nop:2.0.17 >&2

classes=$(mktemp -d)
trap 'rm -rf "$classes"' EXIT
javac -d "$classes" -cp "$JAR:$SLF4J" bench/EmbeddedStart.java

echo "== In-process broker, skiff-embedded jar, a fresh JVM each ($START_RUNS runs)"
for i in $(seq "$START_RUNS"); do
  echo "$(java -cp "$classes:$JAR:$SLF4J" EmbeddedStart 20)  load=$(cut -d' ' -f1 /proc/loadavg)"
done

echo "== Spring Boot 3.5 test class OrderFlowTest: Skiff (@EmbeddedSkiff) vs @EmbeddedKafka, alternating ($ROUNDS rounds)"
echo "   wall = mvn test of the project; test = the class's time in Surefire's report; rss = largest process (KiB)"
run() { # $1 label, $2 maven profile args
  local dir=$IT/spring-boot-3 out
  rm -rf "$dir/target/surefire-reports"
  out=$(mktemp)
  local start end
  start=$(date +%s%N)
  /usr/bin/time -f "%M" -o "$out.rss" mvn -B -ntp -q -f "$dir/pom.xml" -s embedded/src/it/settings.xml \
    -Dmaven.repo.local="$PWD/$IT_REPO" test $2 >"$out" 2>&1
  end=$(date +%s%N)
  local test_time
  test_time=$(grep -ho 'testsuite [^>]*time="[^"]*"' "$dir"/target/surefire-reports/TEST-*.xml | sed 's/.*time="\([^"]*\)"/\1/')
  printf '%-14s wall=%5.1fs test=%5ss log_lines=%5d rss=%s load=%s\n' "$1" "$(echo "($end-$start)/1000000000" | bc -l)" \
    "$test_time" "$(wc -l <"$out")" "$(cat "$out.rss")" "$(cut -d' ' -f1 /proc/loadavg)"
  rm -f "$out" "$out.rss"
}
for r in $(seq "$ROUNDS"); do
  if [ $((r % 2)) -eq 1 ]; then run skiff ""; run embedded-kafka "-Pembedded-kafka"
  else run embedded-kafka "-Pembedded-kafka"; run skiff ""; fi
done
