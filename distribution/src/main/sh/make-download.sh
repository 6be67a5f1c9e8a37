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

# Builds the download that needs no JDK, skiff-<version>-linux-<arch>.tar.gz: a Java runtime made by jlink of just the
# modules Skiff needs, skiff.jar, the class-data-sharing archive of a start made here by that runtime, bin/skiff, the
# licences and a README. Run by distribution/pom.xml in package; by hand:
#   make-download.sh JAVA_HOME SKIFF_JAR VERSION OUTPUT_DIR DIST_DIR REPO_ROOT
set -euo pipefail
java_home=$1 jar=$2 version=$3 out=$4 dist=$5 root=$6

case "$(uname -m)" in
  x86_64 | amd64) arch=x64 ;;
  aarch64 | arm64) arch=aarch64 ;;
  *) arch=$(uname -m) ;;
esac
name=skiff-$version-linux-$arch
image=$out/$name
rm -rf "$image" "$out/$name.tar.gz"
mkdir -p "$image/lib" "$image/licenses"

# The modules `jdeps --print-module-deps skiff.jar` names, plus the SunEC provider for TLS listeners with EC keys
# (a module of its own up to Java 21, part of java.base since; services are invisible to jdeps).
modules=java.base,java.logging,java.management,java.naming,jdk.jfr,jdk.unsupported
if "$java_home/bin/java" --list-modules | grep -q '^jdk.crypto.ec@'; then
  modules=$modules,jdk.crypto.ec
fi
feature=$("$java_home/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
# The options of `java -jar skiff.jar`'s broker JVM (BrokerJvmDefaults: heap, C1 only), and no relaunch: the runtime
# is known, so bin/skiff maps the archive itself. Baked into the runtime, before the command line's own options.
options="-Xms64m -Xmx512m -XX:TieredStopAtLevel=1 -Dskiff.cds=false"
if [ "$feature" -ge 22 ]; then
  options="$options --enable-native-access=ALL-UNNAMED" # Netty's epoll library, without a warning
fi
"$java_home/bin/jlink" --add-modules "$modules" --strip-debug --no-header-files --no-man-pages \
  --generate-cds-archive --add-options="$options" --output "$image/runtime"
# The base archive for heaps over 32 GB (no compressed oops): not for a developer's broker.
rm -f "$image/runtime/lib/server/classes_nocoops.jsa"

cp "$jar" "$image/lib/skiff.jar"
# The archive of every class a start and a first client load, dumped at the exit of a training run on this runtime.
# Java 17 maps an archive only for the class path it was dumped with, as written, so the jar is named as bin/skiff
# names it: through a descriptor of the lib folder (/proc/self/fd/3), the same wherever the download is unpacked.
(
  cd "$image"
  exec 3<lib
  runtime/bin/java -XX:ArchiveClassesAtExit=lib/skiff.jsa -Xlog:cds=error -Xlog:cds+dynamic=error \
    -cp /proc/self/fd/3/skiff.jar io.skiff.broker.launch.CdsTraining
)
rm -f "$image/lib/skiff.jsa.properties" # the launcher's bookkeeping for `java -jar`, not used here
[ -s "$image/lib/skiff.jsa" ] || { echo "make-download: no class-data-sharing archive was written" >&2; exit 1; }

mkdir -p "$image/bin"
cp "$dist/bin/skiff" "$image/bin/skiff"
chmod 755 "$image/bin/skiff"
cp "$dist/README.md" "$image/README.md"
cp "$root/LICENSE" "$root/NOTICE" "$image/"
cp "$root"/licenses/* "$image/licenses/"

# Owner and group of the files are not the builder's; modification times are kept (the archive checks the jar's).
tar -C "$out" --owner=0 --group=0 --numeric-owner -czf "$out/$name.tar.gz" "$name"
echo "make-download: $out/$name.tar.gz ($(du -k "$out/$name.tar.gz" | cut -f1) KiB; unpacked $(du -sk "$image" | cut -f1) KiB)"
