/*
 * Copyright 2026 The Skiff authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.skiff.broker.security.sasl;

import io.skiff.storage.AtomicFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The SCRAM credentials of every user, per mechanism, kept in one file of the data directory
 * ({@code security/scram-credentials}) that is replaced atomically on each change, so an acknowledged
 * AlterUserScramCredentials survives a crash. One line per credential:
 * {@code user-base64 mechanism iterations salt-base64 storedKey-base64 serverKey-base64}.
 *
 * <p>Thread-safe: synchronized; reads are in memory.
 */
public final class ScramCredentialStore {
    private final Path file;
    private final Map<String, Map<ScramMechanism, ScramCredential>> users = new TreeMap<>();

    private ScramCredentialStore(Path file) {
        this.file = file;
    }

    /** Loads the store of a data directory (empty when the file does not exist yet). */
    public static ScramCredentialStore open(Path dataDir) throws IOException {
        ScramCredentialStore store =
                new ScramCredentialStore(dataDir.resolve("security").resolve("scram-credentials"));
        if (Files.exists(store.file)) {
            int lineNo = 0;
            for (String line : Files.readAllLines(store.file, StandardCharsets.UTF_8)) {
                lineNo++;
                if (line.isBlank()) {
                    continue;
                }
                String[] f = line.trim().split(" ");
                ScramMechanism mechanism = f.length == 6 ? ScramMechanism.forName(f[1]) : null;
                if (mechanism == null) {
                    throw new IOException(store.file + ": line " + lineNo + " is not a SCRAM credential");
                }
                Base64.Decoder b64 = Base64.getDecoder();
                store.users
                        .computeIfAbsent(
                                new String(b64.decode(f[0]), StandardCharsets.UTF_8),
                                u -> new EnumMap<>(ScramMechanism.class))
                        .put(
                                mechanism,
                                new ScramCredential(
                                        b64.decode(f[3]), b64.decode(f[4]), b64.decode(f[5]), Integer.parseInt(f[2])));
            }
        }
        return store;
    }

    /** The credential of a user for a mechanism, or null. */
    public synchronized ScramCredential credential(String user, ScramMechanism mechanism) {
        Map<ScramMechanism, ScramCredential> byMechanism = users.get(user);
        return byMechanism == null ? null : byMechanism.get(mechanism);
    }

    /**
     * Whether {@code password} is the user's SCRAM password for any mechanism: the stored key derived from it (salt
     * and iterations of the stored credential) equals the stored one. For HTTP basic authentication over the
     * broker's users; costs the credential's iterations of HMAC.
     */
    public boolean passwordMatches(String user, String password) {
        Map<ScramMechanism, ScramCredential> byMechanism;
        synchronized (this) {
            byMechanism = users.get(user) == null ? Map.of() : new EnumMap<>(users.get(user));
        }
        for (Map.Entry<ScramMechanism, ScramCredential> e : byMechanism.entrySet()) {
            ScramMechanism mechanism = e.getKey();
            ScramCredential stored = e.getValue();
            byte[] salted = mechanism.saltedPassword(password, stored.salt(), stored.iterations());
            ScramCredential derived = mechanism.credential(stored.salt(), salted, stored.iterations());
            if (MessageDigest.isEqual(derived.storedKey(), stored.storedKey())) {
                return true;
            }
        }
        return false;
    }

    /** Every user with their credentials (a copy). */
    public synchronized Map<String, Map<ScramMechanism, ScramCredential>> all() {
        Map<String, Map<ScramMechanism, ScramCredential>> copy = new TreeMap<>();
        users.forEach((user, creds) -> copy.put(user, new EnumMap<>(creds)));
        return copy;
    }

    /**
     * Applies upserts and deletions together and persists them before returning.
     *
     * @param upserts   user → mechanism → credential
     * @param deletions user → mechanisms
     */
    public synchronized void apply(
            Map<String, Map<ScramMechanism, ScramCredential>> upserts,
            Map<String, Iterable<ScramMechanism>> deletions) {
        Map<String, Map<ScramMechanism, ScramCredential>> next = all();
        deletions.forEach((user, mechanisms) -> {
            Map<ScramMechanism, ScramCredential> byMechanism = next.get(user);
            if (byMechanism != null) {
                mechanisms.forEach(byMechanism::remove);
                if (byMechanism.isEmpty()) {
                    next.remove(user);
                }
            }
        });
        upserts.forEach((user, creds) -> next.computeIfAbsent(user, u -> new EnumMap<>(ScramMechanism.class))
                .putAll(creds));
        persist(next); // first: a failed write leaves the credentials in use unchanged
        users.clear();
        users.putAll(next);
    }

    private void persist(Map<String, Map<ScramMechanism, ScramCredential>> content) {
        Base64.Encoder b64 = Base64.getEncoder();
        StringBuilder sb = new StringBuilder();
        content.forEach((user, creds) ->
                creds.forEach((mechanism, c) -> sb.append(b64.encodeToString(user.getBytes(StandardCharsets.UTF_8)))
                        .append(' ')
                        .append(mechanism.mechanismName())
                        .append(' ')
                        .append(c.iterations())
                        .append(' ')
                        .append(b64.encodeToString(c.salt()))
                        .append(' ')
                        .append(b64.encodeToString(c.storedKey()))
                        .append(' ')
                        .append(b64.encodeToString(c.serverKey()))
                        .append('\n')));
        try {
            Files.createDirectories(file.getParent());
            AtomicFiles.write(file, sb.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
