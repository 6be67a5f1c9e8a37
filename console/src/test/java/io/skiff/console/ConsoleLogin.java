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
package io.skiff.console;

import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.openqa.selenium.By;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;

/** Logging in to a console that asks for it, from a test: through the API (a cookie) or the browser's form. */
final class ConsoleLogin {
    private ConsoleLogin() {}

    /** POST /api/login; the session cookie to send as {@code Cookie}. */
    static String api(String console, String user, String password) {
        try {
            HttpResponse<String> answer = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create(console + "/api/login"))
                                    .POST(HttpRequest.BodyPublishers.ofString(
                                            "{\"user\":\"" + user + "\",\"password\":\"" + password + "\"}"))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            if (answer.statusCode() != 200) {
                throw new IllegalStateException("login refused: " + answer.statusCode() + " " + answer.body());
            }
            String setCookie = answer.headers().firstValue("set-cookie").orElseThrow();
            return setCookie.substring(0, setCookie.indexOf(';'));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Opens the login page and logs in (see {@link #fillIn}). */
    static void browser(WebDriver browser, String console, String user, String password) {
        browser.get(console + "/login");
        fillIn(browser, user, password);
    }

    /**
     * Fills in the login form the browser shows and waits for the answer's page: a click only starts the POST, and a
     * page opened before its cookie arrives would be the login page again.
     */
    static void fillIn(WebDriver browser, String user, String password) {
        WebElement form = browser.findElement(By.id("login"));
        browser.findElement(By.id("login-user")).sendKeys(user);
        browser.findElement(By.id("login-password")).sendKeys(password);
        form.findElement(By.cssSelector("button[type=submit]")).click();
        await().atMost(Duration.ofSeconds(20)).until(() -> isGone(form));
    }

    private static boolean isGone(WebElement element) {
        try {
            element.isDisplayed();
            return false;
        } catch (StaleElementReferenceException e) {
            return true;
        }
    }
}
