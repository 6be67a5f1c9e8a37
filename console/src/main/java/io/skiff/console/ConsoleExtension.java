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

import io.skiff.broker.extension.BrokerExtension;
import io.skiff.broker.handler.BrokerContext;
import io.skiff.config.BrokerConfig;
import io.skiff.config.BrokerConfigKeys;
import io.skiff.config.ControlListener;
import java.io.IOException;
import java.net.InetSocketAddress;

/**
 * The console as a broker extension: on when {@code console.listener} is set (and not empty). The check loads
 * nothing; the console's classes, threads and listener exist only once it starts.
 */
public final class ConsoleExtension implements BrokerExtension {
    @Override
    public String name() {
        return "console";
    }

    @Override
    public boolean enabledBy(BrokerConfig config) {
        return config.hasText(BrokerConfigKeys.CONSOLE_LISTENER);
    }

    @Override
    public Running start(BrokerContext broker) throws IOException {
        ControlListener listener = ControlListener.parse(broker.config().get(BrokerConfigKeys.CONSOLE_LISTENER));
        InetSocketAddress address = new InetSocketAddress(listener.host(), listener.port());
        refuseUnguardedExposure(broker, address);
        return Console.start(broker, address);
    }

    /**
     * On a broker with SASL or an authorizer the console asks for a login, but it speaks plain HTTP: a password sent
     * over the network would travel in clear, and ACL hosts are matched against the loopback address. So it may
     * listen on loopback only there (an SSH tunnel reaches it from elsewhere).
     */
    static void refuseUnguardedExposure(BrokerContext broker, InetSocketAddress address) {
        boolean secured =
                broker.security().authorizer() != null || broker.security().anySasl();
        if (secured && (address.isUnresolved() || !address.getAddress().isLoopbackAddress())) {
            throw new IllegalArgumentException("console.listener " + address.getHostString() + ":" + address.getPort()
                    + " is not a loopback address, and this broker has SASL or an authorizer: the console's login"
                    + " speaks plain HTTP (passwords would cross the network in clear), so it may listen on loopback only"
                    + " (for example http://127.0.0.1:9080)");
        }
    }
}
