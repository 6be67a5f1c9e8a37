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
package io.skiff.broker.control;

import io.skiff.broker.clock.BrokerClock;
import io.skiff.broker.topic.Topic;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.config.BrokerConfig;
import io.skiff.config.BrokerConfigKeys;
import io.skiff.config.ControlListener;
import io.skiff.http.HttpServer;
import io.skiff.http.Routes;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The test control of one broker: its fault rules, storage faults and clock, and the HTTP control listener when
 * {@code skiff.control.listener} is set. The Java API ({@code SkiffServer.faults()} ...), the test kit and HTTP are
 * doors onto these same objects.
 *
 * <p>Thread-safe.
 */
public final class TestControl implements AutoCloseable {
    /** The control listener's largest request body: rules are small. */
    private static final int MAX_BODY_BYTES = 64 * 1024;

    private final BrokerClock clock;
    private final Faults faults;
    private final StorageFaults storageFaults = new StorageFaults();
    private volatile HttpServer listener;

    private TestControl(BrokerClock clock, Faults faults) {
        this.clock = clock;
        this.faults = faults;
    }

    /** The broker's clock over {@code clock} (the same object when it is one already). */
    public static BrokerClock brokerClock(Clock clock) {
        return clock instanceof BrokerClock bc ? bc : new BrokerClock(clock);
    }

    /** Test control over a broker's topics: their storage consults the storage faults from now on. */
    public static TestControl over(BrokerClock clock, TopicRegistry topics) {
        TestControl control =
                new TestControl(clock, new Faults(id -> topics.topic(id).map(Topic::name)));
        topics.setPartitionGate(control.storageFaults);
        return control;
    }

    /**
     * Starts the HTTP control listener if the configuration asks for one.
     *
     * @param reset what {@code POST /v1/reset} does
     * @throws IOException when its address cannot be bound
     */
    public void startListener(BrokerConfig config, TopicRegistry topics, Runnable reset) throws IOException {
        startListener(config, topics, reset, routes -> {});
    }

    /** As {@link #startListener(BrokerConfig, TopicRegistry, Runnable)}, with more paths added by {@code more}. */
    public void startListener(BrokerConfig config, TopicRegistry topics, Runnable reset, Consumer<Routes> more)
            throws IOException {
        String value = config.get(BrokerConfigKeys.SKIFF_CONTROL_LISTENER);
        if (value == null) {
            return;
        }
        ControlListener address = ControlListener.parse(value);
        ControlHttpApi api = new ControlHttpApi(
                faults, storageFaults, clock, name -> topics.topic(name).isPresent(), reset);
        Routes routes = api.routes();
        more.accept(routes);
        listener = HttpServer.start(
                new InetSocketAddress(address.host(), address.port()), routes, MAX_BODY_BYTES, "control");
    }

    public BrokerClock clock() {
        return clock;
    }

    public Faults faults() {
        return faults;
    }

    public StorageFaults storageFaults() {
        return storageFaults;
    }

    /** The control listener's {@code http://host:port}, when it runs. */
    public Optional<String> listenerUrl() {
        HttpServer l = listener;
        return l == null ? Optional.empty() : Optional.of(l.url());
    }

    /** Removes every fault rule (releasing held requests) and storage fault; the clock is left as it is. */
    public void clearFaults() {
        faults.clear();
        storageFaults.clear();
    }

    @Override
    public void close() {
        HttpServer l = listener;
        if (l != null) {
            l.close();
        }
        faults.clear(); // held requests go on, so the network's shutdown does not wait for them
    }
}
