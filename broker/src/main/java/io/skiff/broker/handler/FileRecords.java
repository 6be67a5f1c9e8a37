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
package io.skiff.broker.handler;

import io.skiff.protocol.Records;
import io.skiff.storage.FileSlice;
import java.util.List;

/**
 * Record data that lives in segment files: the slices a log read returned. The broker's response writer sends
 * each slice with a file region (sendfile, no copy) and releases it once sent; a response that is never sent
 * releases them through {@link #release()}.
 *
 * <p>Immutable list; the slices themselves are released exactly once, by whoever sends or discards them.
 */
public final class FileRecords implements Records {
    private final List<FileSlice> slices;
    private final int sizeInBytes;

    public FileRecords(List<FileSlice> slices) {
        this.slices = List.copyOf(slices);
        long total = 0;
        for (FileSlice slice : this.slices) {
            total += slice.length();
        }
        if (total > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("record data too large for one response: " + total);
        }
        this.sizeInBytes = (int) total;
    }

    public List<FileSlice> slices() {
        return slices;
    }

    @Override
    public int sizeInBytes() {
        return sizeInBytes;
    }

    /** Releases every slice; for responses that will not be sent. */
    public void release() {
        for (FileSlice slice : slices) {
            slice.release();
        }
    }

    @Override
    public String toString() {
        return "FileRecords(" + slices.size() + " slices, " + sizeInBytes + " bytes)";
    }
}
