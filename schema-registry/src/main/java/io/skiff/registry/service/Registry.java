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
package io.skiff.registry.service;

import io.skiff.registry.schema.CompatibilityLevel;
import io.skiff.registry.schema.ParsedSchema;
import io.skiff.registry.store.RegistryException;
import io.skiff.registry.store.SchemaRecords;
import io.skiff.registry.store.SchemaStore;
import io.skiff.registry.store.SchemaVersion;
import io.skiff.registry.store.SchemasTopic;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The registry's operations with Confluent's rules and error codes. Each change is checked in full, appended to the
 * {@code _schemas} topic as one batch, and only then applied to memory, so a refused or failed change leaves nothing
 * behind. Thread-safe: one operation at a time.
 */
public final class Registry {
    public static final String DEFAULT_COMPATIBILITY = "BACKWARD";
    public static final String DEFAULT_MODE = "READWRITE";
    private static final Set<String> MODES = Set.of("READWRITE", "READONLY", "READONLY_OVERRIDE", "IMPORT");

    private final SchemasTopic topic;
    private final SchemaStore store = new SchemaStore();
    private final SchemaParsing parsing = new SchemaParsing(store);

    public Registry(SchemasTopic topic) {
        this.topic = topic;
    }

    /** Loads what the topic holds (at start). */
    public synchronized void replay() {
        topic.replay(store::apply);
    }

    public synchronized void clear() {
        store.clear();
        parsing.clear();
    }

    // --- schemas

    /** Registers {@code request} under {@code subject} (or finds it there); returns its id. */
    public synchronized int register(String subject, SchemaRequest request) {
        checkSubjectName(subject);
        String mode = mode(subject);
        if (mode.equals("READONLY") || mode.equals("READONLY_OVERRIDE")) {
            throw RegistryException.notPermitted("Subject " + subject + " is in read-only mode");
        }
        boolean importing = mode.equals("IMPORT");
        if (!importing && (request.id() != null && request.id() >= 0)) {
            throw RegistryException.notPermitted("Subject " + subject + " is not in import mode");
        }
        ParsedSchema parsed = parsing.parse(request);
        SchemaVersion candidate =
                new SchemaVersion(subject, 0, 0, parsed.type(), parsed.canonical(), request.references(), false);
        List<SchemaVersion> live = store.versions(subject, false);
        for (SchemaVersion v : live) {
            if (v.contentKey().equals(candidate.contentKey())
                    && (request.id() == null || request.id() < 0 || request.id() == v.id())) {
                return v.id();
            }
        }
        if (!importing) {
            List<String> problems = level(subject).problems(parsed, previous(live));
            if (!problems.isEmpty()) {
                throw new RegistryException(
                        409,
                        409,
                        "Schema being registered is incompatible with an earlier schema" + " for subject \"" + subject
                                + "\", details: " + problems);
            }
        }
        int id = chooseId(candidate, request.id());
        int version = request.version() != null && request.version() > 0 && importing
                ? request.version()
                : store.lastVersionNumber(subject) + 1;
        if (store.version(subject, version).isPresent()) {
            throw RegistryException.notPermitted("Version " + version + " of subject " + subject + " exists");
        }
        SchemaVersion stored =
                new SchemaVersion(subject, version, id, parsed.type(), parsed.canonical(), request.references(), false);
        write(SchemaRecords.schema(stored));
        parsing.remember(id, parsed);
        return id;
    }

    private int chooseId(SchemaVersion candidate, Integer asked) {
        Optional<Integer> existing = store.idOf(candidate.contentKey());
        if (asked == null || asked < 0) {
            return existing.orElseGet(store::nextId);
        }
        Optional<SchemaVersion> holder =
                store.all(v -> v.id() == asked).stream().findFirst();
        if (holder.isPresent() && !holder.get().contentKey().equals(candidate.contentKey())) {
            throw RegistryException.notPermitted("Overwrite new schema with id " + asked + " is not permitted.");
        }
        return asked;
    }

    /** The version of {@code subject} whose schema is {@code request}'s. */
    public synchronized SchemaVersion lookup(String subject, SchemaRequest request, boolean deleted) {
        List<SchemaVersion> versions = store.versions(subject, deleted);
        if (versions.isEmpty()) {
            throw RegistryException.subjectNotFound(subject);
        }
        ParsedSchema parsed = parsing.parse(request);
        SchemaVersion probe =
                new SchemaVersion(subject, 0, 0, parsed.type(), parsed.canonical(), request.references(), false);
        for (int i = versions.size() - 1; i >= 0; i--) {
            if (versions.get(i).contentKey().equals(probe.contentKey())) {
                return versions.get(i);
            }
        }
        throw RegistryException.schemaNotFound("Schema not found");
    }

    public synchronized List<String> subjects(boolean deleted, String prefix) {
        return store.subjects(deleted).stream()
                .filter(s -> prefix == null || s.startsWith(prefix))
                .toList();
    }

    public synchronized List<Integer> versions(String subject, boolean deleted) {
        List<SchemaVersion> versions = store.versions(subject, deleted);
        if (versions.isEmpty()) {
            throw RegistryException.subjectNotFound(subject);
        }
        return versions.stream().map(SchemaVersion::version).toList();
    }

    /** A version by its text ({@code latest}, -1 or a number); soft-deleted ones when {@code deleted}. */
    public synchronized SchemaVersion version(String subject, String versionText, boolean deleted) {
        int version = parseVersion(versionText);
        List<SchemaVersion> versions = store.versions(subject, true);
        if (versions.isEmpty() || (!deleted && versions.stream().allMatch(SchemaVersion::deleted))) {
            throw RegistryException.subjectNotFound(subject);
        }
        if (version == -1) {
            List<SchemaVersion> live = store.versions(subject, deleted);
            return live.get(live.size() - 1);
        }
        return store.version(subject, version)
                .filter(v -> deleted || !v.deleted())
                .orElseThrow(() -> RegistryException.versionNotFound(version));
    }

    public synchronized SchemaVersion byId(int id) {
        return store.all(v -> v.id() == id).stream()
                .findFirst()
                .orElseThrow(() -> RegistryException.schemaNotFound("Schema " + id + " not found"));
    }

    /** The subject versions that have schema {@code id}. */
    public synchronized List<SchemaVersion> versionsOfId(int id, boolean deleted) {
        byId(id);
        return store.all(v -> v.id() == id && (deleted || !v.deleted()));
    }

    /** Every version, the latest of each subject only when {@code latestOnly}. */
    public synchronized List<SchemaVersion> allSchemas(boolean deleted, boolean latestOnly, String prefix) {
        List<SchemaVersion> out = new ArrayList<>();
        for (String subject : subjects(deleted, prefix)) {
            List<SchemaVersion> versions = store.versions(subject, deleted);
            out.addAll(latestOnly ? versions.subList(versions.size() - 1, versions.size()) : versions);
        }
        return out;
    }

    /** Ids of the live versions that reference this version. */
    public synchronized List<Integer> referencedBy(String subject, String versionText) {
        SchemaVersion target = version(subject, versionText, true);
        return store.all(v -> !v.deleted() && referencesVersion(v, target)).stream()
                .map(SchemaVersion::id)
                .distinct()
                .sorted()
                .toList();
    }

    // --- deletes

    /** Deletes one version, softly or (after a soft delete) for good; returns its number. */
    public synchronized int deleteVersion(String subject, String versionText, boolean permanent) {
        checkWritable(subject);
        int asked = parseVersion(versionText);
        if (store.versions(subject, true).isEmpty()) {
            throw RegistryException.subjectNotFound(subject);
        }
        SchemaVersion target;
        if (asked == -1) {
            List<SchemaVersion> candidates = store.versions(subject, permanent);
            if (candidates.isEmpty()) {
                throw RegistryException.subjectNotFound(subject);
            }
            target = candidates.get(candidates.size() - 1);
        } else {
            target = store.version(subject, asked).orElseThrow(() -> RegistryException.versionNotFound(asked));
        }
        checkNotReferenced(target);
        if (permanent) {
            if (!target.deleted()) {
                throw new RegistryException(
                        404,
                        40407,
                        "Subject '" + subject + "' Version " + target.version()
                                + " was not deleted first before being permanently deleted");
            }
            write(SchemaRecords.schemaTombstone(subject, target.version()));
        } else {
            if (target.deleted()) {
                throw new RegistryException(
                        404,
                        40406,
                        "Subject '" + subject + "' Version " + target.version()
                                + " was soft deleted.Set permanent=true to delete permanently");
            }
            write(SchemaRecords.schema(target.asDeleted()));
        }
        return target.version();
    }

    /** Deletes a subject's versions, softly or (after a soft delete) for good; returns their numbers. */
    public synchronized List<Integer> deleteSubject(String subject, boolean permanent) {
        checkWritable(subject);
        List<SchemaVersion> all = store.versions(subject, true);
        if (all.isEmpty()) {
            throw RegistryException.subjectNotFound(subject);
        }
        List<SchemaVersion> live = store.versions(subject, false);
        for (SchemaVersion v : all) {
            checkNotReferenced(v);
        }
        List<SchemaRecords.Entry> entries = new ArrayList<>();
        if (permanent) {
            if (!live.isEmpty()) {
                throw new RegistryException(
                        404, 40405, "Subject '" + subject + "' was not deleted first before being permanently deleted");
            }
            all.forEach(v -> entries.add(SchemaRecords.schemaTombstone(subject, v.version())));
            if (store.compatibility(subject).isPresent()) {
                entries.add(SchemaRecords.config(subject, null));
            }
            if (store.mode(subject).isPresent()) {
                entries.add(SchemaRecords.mode(subject, null));
            }
            write(entries);
            return all.stream().map(SchemaVersion::version).toList();
        }
        if (live.isEmpty()) {
            throw new RegistryException(
                    404, 40404, "Subject '" + subject + "' was soft deleted.Set permanent=true to delete permanently");
        }
        live.forEach(v -> entries.add(SchemaRecords.schema(v.asDeleted())));
        entries.add(
                SchemaRecords.deleteSubject(subject, live.get(live.size() - 1).version()));
        write(entries);
        return live.stream().map(SchemaVersion::version).toList();
    }

    // --- compatibility

    /** Problems of {@code request} against one version of the subject, or (version null) per its level. */
    public synchronized List<String> checkCompatibility(String subject, String versionText, SchemaRequest request) {
        ParsedSchema parsed = parsing.parse(request);
        CompatibilityLevel level = level(subject);
        List<SchemaVersion> against;
        if (versionText == null) {
            against = store.versions(subject, false);
        } else {
            against = List.of(version(subject, versionText, false));
            if (level.transitive()) {
                level = CompatibilityLevel.valueOf(level.name().replace("_TRANSITIVE", ""));
            }
        }
        return level.problems(parsed, previous(against));
    }

    public synchronized String globalCompatibility() {
        return store.compatibility(null).orElse(DEFAULT_COMPATIBILITY);
    }

    /** A subject's own level, or the global one when {@code defaultToGlobal}. */
    public synchronized String subjectCompatibility(String subject, boolean defaultToGlobal) {
        Optional<String> own = store.compatibility(subject);
        if (own.isPresent()) {
            return own.get();
        }
        if (defaultToGlobal) {
            return globalCompatibility();
        }
        throw new RegistryException(
                404, 40408, "Subject '" + subject + "' does not have subject-level compatibility configured");
    }

    /** Sets a level (subject null: the global one); returns its name. */
    public synchronized String setCompatibility(String subject, String levelName) {
        CompatibilityLevel level = CompatibilityLevel.parse(levelName);
        if (level == null) {
            throw RegistryException.invalidCompatibility(levelName);
        }
        checkWritable(subject);
        write(SchemaRecords.config(subject, level.name()));
        return level.name();
    }

    /** Removes a level (subject null: the global one, back to BACKWARD); returns the level it had. */
    public synchronized String deleteCompatibility(String subject) {
        String old = subject == null ? globalCompatibility() : subjectCompatibility(subject, false);
        write(SchemaRecords.config(subject, null));
        return old;
    }

    // --- modes

    public synchronized String globalMode() {
        return store.mode(null).orElse(DEFAULT_MODE);
    }

    public synchronized String subjectMode(String subject, boolean defaultToGlobal) {
        Optional<String> own = store.mode(subject);
        if (own.isPresent()) {
            return own.get();
        }
        if (defaultToGlobal) {
            return globalMode();
        }
        throw new RegistryException(
                404, 40409, "Subject '" + subject + "' does not have subject-level mode configured");
    }

    /** Sets a mode (subject null: the global one); IMPORT only over an empty registry (subject) unless forced. */
    public synchronized String setMode(String subject, String mode, boolean force) {
        String name = mode == null ? null : mode.trim().toUpperCase(java.util.Locale.ROOT);
        if (name == null || !MODES.contains(name)) {
            throw RegistryException.invalidMode(mode);
        }
        if (name.equals("IMPORT") && !force) {
            boolean empty = subject == null
                    ? store.subjects(true).isEmpty()
                    : store.versions(subject, true).isEmpty();
            if (!empty) {
                throw RegistryException.notPermitted("Cannot import since found existing subjects");
            }
        }
        write(SchemaRecords.mode(subject, name));
        return name;
    }

    public synchronized String deleteMode(String subject) {
        String old = subjectMode(subject, false);
        write(SchemaRecords.mode(subject, null));
        return old;
    }

    // --- helpers

    private void write(SchemaRecords.Entry entry) {
        write(List.of(entry));
    }

    private void write(List<SchemaRecords.Entry> entries) {
        topic.append(entries); // durable first, then memory
        entries.forEach(e -> store.apply(e.key(), e.value()));
    }

    private String mode(String subject) {
        return store.mode(subject).orElseGet(this::globalMode);
    }

    private void checkWritable(String subject) {
        String mode = mode(subject);
        if (mode.equals("READONLY") || mode.equals("READONLY_OVERRIDE")) {
            throw RegistryException.notPermitted(
                    "Subject " + (subject == null ? "" : subject) + " is in read-only mode");
        }
    }

    private CompatibilityLevel level(String subject) {
        return CompatibilityLevel.parse(store.compatibility(subject).orElseGet(this::globalCompatibility));
    }

    private List<CompatibilityLevel.Previous> previous(List<SchemaVersion> versions) {
        List<CompatibilityLevel.Previous> out = new ArrayList<>();
        for (SchemaVersion v : versions) {
            out.add(new CompatibilityLevel.Previous(v.version(), parsing.parsed(v)));
        }
        return out;
    }

    private void checkNotReferenced(SchemaVersion target) {
        boolean referenced =
                !store.all(v -> !v.deleted() && referencesVersion(v, target)).isEmpty();
        if (referenced) {
            throw new RegistryException(
                    422,
                    42206,
                    "One or more references exist to the schema {magic=1," + "keytype=SCHEMA,subject="
                            + target.subject() + ",version=" + target.version() + "}.");
        }
    }

    private static boolean referencesVersion(SchemaVersion v, SchemaVersion target) {
        return v.references().stream()
                .anyMatch(r -> r.subject().equals(target.subject()) && r.version() == target.version());
    }

    private static void checkSubjectName(String subject) {
        if (subject == null || subject.isEmpty() || subject.chars().anyMatch(Character::isISOControl)) {
            throw new RegistryException(422, 42208, "The specified subject '" + subject + "' is not valid");
        }
    }

    /** -1 for latest, else a version number of at least 1. */
    public static int parseVersion(String text) {
        if ("latest".equals(text)) {
            return -1;
        }
        try {
            int v = Integer.parseInt(text);
            if (v == -1 || v >= 1) {
                return v;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw RegistryException.invalidVersion(text);
    }
}
