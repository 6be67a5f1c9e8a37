#!/usr/bin/env python3
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

"""Records Kafka protocol frames passing between real clients and a broker, as hex, for golden tests.

usage: capture-frames.py LISTEN_PORT BROKER_PORT OUT_FILE
Each line of OUT_FILE: <request|response> <apiKey> <apiVersion> <correlationId> <hex of the frame without its size prefix>.
Point the broker's advertised listener at LISTEN_PORT so every connection of the client goes through here.
"""
import socket, struct, sys, threading

listen_port, broker_port, out_path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
lock = threading.Lock()
out = open(out_path, "a")

def read_exact(s, n):
    buf = b""
    while len(buf) < n:
        chunk = s.recv(n - len(buf))
        if not chunk:
            raise EOFError
        buf += chunk
    return buf

def pump(src, dst, is_request, pending):
    try:
        while True:
            size = struct.unpack(">i", read_exact(src, 4))[0]
            frame = read_exact(src, size)
            if is_request:
                key, ver, corr = struct.unpack(">hhi", frame[:8])
                pending[corr] = (key, ver)
                line = f"request {key} {ver} {corr} {frame.hex()}\n"
            else:
                corr = struct.unpack(">i", frame[:4])[0]
                key, ver = pending.pop(corr, (-1, -1))
                line = f"response {key} {ver} {corr} {frame.hex()}\n"
            with lock:
                out.write(line); out.flush()
            dst.sendall(struct.pack(">i", size) + frame)
    except (EOFError, OSError):
        pass
    finally:
        for s in (src, dst):
            try: s.shutdown(socket.SHUT_RDWR)
            except OSError: pass

server = socket.socket(); server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
server.bind(("127.0.0.1", listen_port)); server.listen(64)
while True:
    client, _ = server.accept()
    broker = socket.create_connection(("127.0.0.1", broker_port))
    pending = {}
    threading.Thread(target=pump, args=(client, broker, True, pending), daemon=True).start()
    threading.Thread(target=pump, args=(broker, client, False, pending), daemon=True).start()
