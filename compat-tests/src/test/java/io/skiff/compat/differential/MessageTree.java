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
package io.skiff.compat.differential;

import io.skiff.protocol.ByteBufferRecords;
import io.skiff.protocol.Message;
import io.skiff.protocol.RawTaggedField;
import io.skiff.protocol.Records;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A generated message as a tree of plain values (maps of field name to value, lists, strings, numbers), read from
 * its fields by reflection, so that two answers can be normalized and compared field by field with paths in the
 * messages. Byte arrays and record sets become hex strings; unknown tagged fields appear only when present.
 *
 * <p>Stateless.
 */
final class MessageTree {
    private MessageTree() {}

    static Object of(Object value) {
        if (value == null) {
            return null;
        }
        if (value instanceof Message message) {
            Map<String, Object> fields = new LinkedHashMap<>();
            for (Field f : message.getClass().getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers())) {
                    continue;
                }
                f.setAccessible(true);
                Object v;
                try {
                    v = f.get(message);
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
                if (f.getName().equals("_unknownTaggedFields")) {
                    if (v != null && !((List<?>) v).isEmpty()) {
                        fields.put("unknownTaggedFields", of(v));
                    }
                    continue;
                }
                fields.put(f.getName(), of(v));
            }
            return fields;
        }
        if (value instanceof List<?> list) {
            List<Object> items = new ArrayList<>(list.size());
            for (Object item : list) {
                items.add(of(item));
            }
            return items;
        }
        if (value instanceof byte[] bytes) {
            return "bytes:" + HexFormat.of().formatHex(bytes);
        }
        if (value instanceof ByteBufferRecords records) {
            ByteBuffer b = records.buffer().duplicate();
            byte[] bytes = new byte[b.remaining()];
            b.get(bytes);
            return "records:" + HexFormat.of().formatHex(bytes);
        }
        if (value instanceof Records records) {
            return "records:" + records.sizeInBytes() + " bytes";
        }
        if (value instanceof RawTaggedField tagged) {
            return "tag " + tagged.tag() + ":" + HexFormat.of().formatHex(tagged.data());
        }
        if (value instanceof UUID) {
            return value.toString();
        }
        return value;
    }
}
