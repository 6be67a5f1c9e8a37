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

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * A headless Chromium driven through chromedriver, both from the system (Debian: {@code apt-get install chromium
 * chromium-driver}; {@code CHROME_BIN} and {@code CHROMEDRIVER} override where). When either is missing the test
 * fails with how to install them: browser tests never skip.
 */
final class HeadlessChromium {
    private HeadlessChromium() {}

    static ChromeDriver start() {
        Path browser = find("CHROME_BIN", List.of("chromium", "chromium-browser", "google-chrome"))
                .orElseThrow(() -> new IllegalStateException(
                        "no Chromium found for the browser tests: install it (Debian: apt-get install chromium "
                                + "chromium-driver) or set CHROME_BIN"));
        Path driver = find("CHROMEDRIVER", List.of("chromedriver"))
                .orElseThrow(() -> new IllegalStateException(
                        "no chromedriver found for the browser tests: install it (Debian: apt-get install "
                                + "chromium-driver) or set CHROMEDRIVER"));
        ChromeOptions options = new ChromeOptions()
                .setBinary(browser.toFile())
                .addArguments(
                        "--headless=new",
                        "--no-sandbox", // CI containers run as root
                        "--disable-dev-shm-usage",
                        "--disable-gpu",
                        "--window-size=1280,900");
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(driver.toFile())
                .build();
        ChromeDriver chrome = new ChromeDriver(service, options);
        chrome.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
        return chrome;
    }

    private static Optional<Path> find(String variable, List<String> names) {
        String given = System.getenv(variable);
        if (given != null && !given.isBlank()) {
            return Optional.of(Path.of(given)).filter(Files::isExecutable);
        }
        String path = System.getenv().getOrDefault("PATH", "");
        for (String name : names) {
            for (String dir : path.split(java.io.File.pathSeparator)) {
                Path candidate = Path.of(dir, name);
                if (Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }
}
