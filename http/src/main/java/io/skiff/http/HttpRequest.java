package io.skiff.http;

import java.util.Map;

/**
 * One HTTP request as a route handler sees it. Immutable.
 *
 * @param method     the method, upper case
 * @param path       the path, without the query
 * @param pathParams the values of the route's {@code {name}} segments
 * @param body       the body decoded as UTF-8 (empty when there is none)
 */
public record HttpRequest(String method, String path, Map<String, String> pathParams, String body) {
    public HttpRequest {
        pathParams = Map.copyOf(pathParams);
    }

    /** A path parameter of the route. */
    public String pathParam(String name) {
        String value = pathParams.get(name);
        if (value == null) {
            throw new IllegalArgumentException("the route has no parameter " + name);
        }
        return value;
    }

    /** The body as a JSON object; an empty body is an empty object. */
    public JsonObjectReader json() {
        return JsonObjectReader.parse(body);
    }
}
