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

"""When a broker is ready: it answers an ApiVersions request (a bare TCP connect succeeds as soon as the port is
bound, long before a broker can serve). Used by kafka-tools-bench.sh, as a module and from the command line:

    python3 bench/ready.py PID PORT TIMEOUT_S

waits until 127.0.0.1:PORT answers and prints the milliseconds from the start of process PID (as the kernel
recorded it, so the figure includes the JVM's own start) to that answer; exits 1 on timeout or if PID exits.
"""
import os
import socket
import struct
import sys
import time

_CLIENT = b"bench"
_API_VERSIONS = struct.pack(">hhih", 18, 0, 1, len(_CLIENT)) + _CLIENT
FRAME = struct.pack(">i", len(_API_VERSIONS)) + _API_VERSIONS


def answers(port, host="127.0.0.1"):
    """True if the port answers an ApiVersions v0 request (correlation id 1)."""
    try:
        with socket.create_connection((host, port), 1) as c:
            c.settimeout(2)
            c.sendall(FRAME)
            head = c.recv(8)
            return len(head) == 8 and struct.unpack(">ii", head)[1] == 1
    except OSError:
        return False


def process_age_ms(pid):
    """Milliseconds since process PID started."""
    tick = os.sysconf("SC_CLK_TCK")
    start_ticks = int(open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[19])
    uptime_s = float(open("/proc/uptime").read().split()[0])
    return (uptime_s - start_ticks / tick) * 1000


def main():
    pid, port, timeout = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not os.path.exists(f"/proc/{pid}"):
            sys.exit(1)
        if answers(port):
            print(f"{process_age_ms(pid):.0f}")
            return
        time.sleep(0.01)
    sys.exit(1)


if __name__ == "__main__":
    main()
