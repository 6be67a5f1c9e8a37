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
package io.skiff.broker.server;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import io.skiff.broker.security.ConnectionSecurity;
import io.skiff.broker.security.ssl.ServerTls;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sets a TLS connection's principal from its client certificate once the handshake completes, and closes the
 * connection when the handshake fails (a client with an untrusted certificate, or none where one is required) or no
 * principal mapping rule applies to its certificate. Requests cannot arrive before the handshake completes.
 *
 * <p>Not thread-safe: one per channel, used on its event loop.
 */
final class TlsPrincipalHandler extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(TlsPrincipalHandler.class);

    private final ServerTls tls;
    private final ConnectionSecurity security;

    TlsPrincipalHandler(ServerTls tls, ConnectionSecurity security) {
        this.tls = tls;
        this.security = security;
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
        if (evt instanceof SslHandshakeCompletionEvent done) {
            if (!done.isSuccess()) {
                LOG.debug(
                        "TLS handshake with {} failed: {}",
                        ctx.channel().remoteAddress(),
                        String.valueOf(done.cause()));
                ctx.close();
                return;
            }
            try {
                security.tlsAuthenticated(tls.principal(
                        ctx.pipeline().get(SslHandler.class).engine().getSession()));
            } catch (RuntimeException e) {
                LOG.info("Closing TLS connection from {}: {}", ctx.channel().remoteAddress(), e.getMessage());
                ctx.close();
                return;
            }
        }
        ctx.fireUserEventTriggered(evt);
    }
}
