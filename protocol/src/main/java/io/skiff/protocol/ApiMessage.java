package io.skiff.protocol;

/** The body of a request or response of one API (a generated top-level message class). */
public interface ApiMessage extends Message {
    short apiKey();

    short lowestSupportedVersion();

    short highestSupportedVersion();
}
