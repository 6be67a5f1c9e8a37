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

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.List;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.HierarchyTraversalMode;
import org.junit.platform.commons.support.ReflectionSupport;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * One headless Chromium ({@link HeadlessChromium}) for all tests of a class, with {@code @ExtendWith}: started before
 * them into the class's static {@code ChromeDriver} fields, quit after them. Together with {@code @Skiff(console =
 * true)} for the broker whose console it opens.
 */
final class ConsoleBrowser implements BeforeAllCallback, AfterAllCallback {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(ConsoleBrowser.class);

    @Override
    public void beforeAll(ExtensionContext context) {
        ChromeDriver browser = HeadlessChromium.start();
        context.getStore(NAMESPACE).put(ChromeDriver.class, browser);
        List<Field> fields = ReflectionSupport.findFields(
                context.getRequiredTestClass(),
                f -> Modifier.isStatic(f.getModifiers())
                        && !Modifier.isFinal(f.getModifiers())
                        && f.getType() == ChromeDriver.class,
                HierarchyTraversalMode.TOP_DOWN);
        for (Field field : fields) {
            try {
                ReflectionSupport.makeAccessible(field).set(null, browser);
            } catch (IllegalAccessException e) {
                throw new ExtensionConfigurationException("Cannot set " + field + ": " + e.getMessage(), e);
            }
        }
    }

    @Override
    public void afterAll(ExtensionContext context) {
        ChromeDriver browser = context.getStore(NAMESPACE).remove(ChromeDriver.class, ChromeDriver.class);
        if (browser != null) {
            browser.quit();
        }
    }

    /** Marks the document the browser shows; a reload would lose the mark (see {@link #pageIsTheSame}). */
    static void markPage(WebDriver browser) {
        ((JavascriptExecutor) browser).executeScript("window.skiffTestMark = 'kept';");
    }

    /** Whether the browser still shows the document {@link #markPage} marked: updated in place, not reloaded. */
    static boolean pageIsTheSame(WebDriver browser) {
        return "kept".equals(((JavascriptExecutor) browser).executeScript("return window.skiffTestMark;"));
    }
}
