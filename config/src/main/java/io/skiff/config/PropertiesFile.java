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
package io.skiff.config;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * Loads a server.properties file with {@link Properties} rules (comments, escapes, line
 * continuations), read as UTF-8 as Kafka 4 does.
 *
 * <p>Thread-safety: stateless.
 */
public final class PropertiesFile {
    private PropertiesFile() {}

    /**
     * The file's key/value pairs (sorted by key).
     *
     * @throws ConfigException when the file is missing or unreadable
     */
    public static Map<String, String> load(Path file) {
        Properties props = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            props.load(reader);
        } catch (NoSuchFileException e) {
            throw new ConfigException("Configuration file " + file + " does not exist");
        } catch (IOException | IllegalArgumentException e) {
            throw new ConfigException("Cannot read configuration file " + file + ": " + e.getMessage());
        }
        Map<String, String> map = new TreeMap<>();
        for (String name : props.stringPropertyNames()) {
            map.put(name.trim(), props.getProperty(name));
        }
        return map;
    }
}
