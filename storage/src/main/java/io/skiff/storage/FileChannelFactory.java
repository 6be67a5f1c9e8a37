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
package io.skiff.storage;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;

/**
 * Opens the channels a log writes its segments through: the active segment's {@code .log} (appends, fsyncs, the
 * new file of a roll) and the {@code .index} / {@code .timeindex} files written when a segment is sealed or its
 * indexes rebuilt. It exists so that tests can make those writes fail as a full disk does; production uses
 * {@link #DEFAULT}.
 *
 * <p>Implementations must be thread-safe.
 */
@FunctionalInterface
public interface FileChannelFactory {
    /** {@link FileChannel#open(Path, OpenOption...)}. */
    FileChannelFactory DEFAULT = FileChannel::open;

    FileChannel open(Path file, OpenOption... options) throws IOException;
}
