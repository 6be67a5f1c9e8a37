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
package io.skiff.broker.security.acl;

import io.skiff.storage.AtomicFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Every ACL binding, kept in {@code security/acls} of the data directory and replaced atomically on each change, so
 * an acknowledged CreateAcls or DeleteAcls survives a crash. One line per binding: resource type, pattern type,
 * operation, permission (names), then resource name, principal and host (base64).
 *
 * <p>Thread-safe: changes are synchronized and publish an immutable snapshot that readers use without locking.
 */
public final class AclStore {
    private final Path file;
    private volatile List<AclBinding> bindings = List.of();

    private AclStore(Path file) {
        this.file = file;
    }

    public static AclStore open(Path dataDir) throws IOException {
        AclStore store = new AclStore(dataDir.resolve("security").resolve("acls"));
        if (Files.exists(store.file)) {
            List<AclBinding> loaded = new ArrayList<>();
            int lineNo = 0;
            Base64.Decoder b64 = Base64.getDecoder();
            for (String line : Files.readAllLines(store.file, StandardCharsets.UTF_8)) {
                lineNo++;
                if (line.isBlank()) {
                    continue;
                }
                String[] f = line.trim().split(" ", -1);
                try {
                    loaded.add(new AclBinding(
                            ResourceType.valueOf(f[0]),
                            new String(b64.decode(f[4]), StandardCharsets.UTF_8),
                            PatternType.valueOf(f[1]),
                            new String(b64.decode(f[5]), StandardCharsets.UTF_8),
                            new String(b64.decode(f[6]), StandardCharsets.UTF_8),
                            AclOperation.valueOf(f[2]),
                            AclPermissionType.valueOf(f[3])));
                } catch (RuntimeException e) {
                    throw new IOException(store.file + ": line " + lineNo + " is not an ACL binding", e);
                }
            }
            store.bindings = List.copyOf(loaded);
        }
        return store;
    }

    /** Every binding (an immutable snapshot). */
    public List<AclBinding> bindings() {
        return bindings;
    }

    /** Adds bindings (already present ones are kept once) and persists before returning. */
    public synchronized void add(List<AclBinding> added) {
        Set<AclBinding> next = new LinkedHashSet<>(bindings);
        next.addAll(added);
        replace(List.copyOf(next));
    }

    /** Removes every binding a filter matches and persists; returns what each filter removed, in filter order. */
    public synchronized List<List<AclBinding>> remove(List<AclBindingFilter> filters) {
        List<List<AclBinding>> removed = new ArrayList<>();
        List<AclBinding> next = new ArrayList<>(bindings);
        for (AclBindingFilter filter : filters) {
            List<AclBinding> matched = new ArrayList<>();
            for (AclBinding b : bindings) {
                if (filter.matches(b)) {
                    matched.add(b);
                }
            }
            next.removeAll(matched);
            removed.add(matched);
        }
        replace(List.copyOf(next));
        return removed;
    }

    private void replace(List<AclBinding> next) {
        Base64.Encoder b64 = Base64.getEncoder();
        StringBuilder sb = new StringBuilder();
        for (AclBinding b : next) {
            sb.append(b.resourceType().name())
                    .append(' ')
                    .append(b.patternType().name())
                    .append(' ')
                    .append(b.operation().name())
                    .append(' ')
                    .append(b.permission().name())
                    .append(' ')
                    .append(b64.encodeToString(b.resourceName().getBytes(StandardCharsets.UTF_8)))
                    .append(' ')
                    .append(b64.encodeToString(b.principal().getBytes(StandardCharsets.UTF_8)))
                    .append(' ')
                    .append(b64.encodeToString(b.host().getBytes(StandardCharsets.UTF_8)))
                    .append('\n');
        }
        try {
            Files.createDirectories(file.getParent());
            AtomicFiles.write(file, sb.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
        bindings = next;
    }
}
