package io.skiff.http;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonElement;

/** JSON text out of the layer's trees (Gson), in one place. Thread-safe. */
public final class Json {
    private static final Gson GSON =
            new GsonBuilder().disableHtmlEscaping().serializeNulls().create();

    private Json() {}

    public static String write(JsonElement element) {
        return GSON.toJson(element);
    }
}
