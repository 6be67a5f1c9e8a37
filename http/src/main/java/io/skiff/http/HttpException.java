package io.skiff.http;

/**
 * Ends a request with an HTTP error status and a message for the user, sent as {@code {"error": message}}. Route
 * handlers throw it for bad input (400), a missing resource (404) and the like.
 */
public final class HttpException extends RuntimeException {
    private final int status;

    public HttpException(int status, String message) {
        super(message);
        this.status = status;
    }

    /** 400 Bad Request. */
    public static HttpException badRequest(String message) {
        return new HttpException(400, message);
    }

    /** 404 Not Found. */
    public static HttpException notFound(String message) {
        return new HttpException(404, message);
    }

    public int status() {
        return status;
    }
}
