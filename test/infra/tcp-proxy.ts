import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy to a real server, to take that server away from one process without touching the
 * server itself (a shared Postgres): `cut` drops every connection through it and refuses new ones,
 * as a network partition or a server restart would; `restore` lets connections through again on
 * the same port.
 */
export interface TcpProxy {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const serve = (): Server =>
    createServer((client) => {
      const upstream = connect(target.port, target.host);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
  const listen = (server: Server, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  const shut = (server: Server | undefined) =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
    });

  let server: Server | undefined = serve();
  const port = await listen(server, 0);
  return {
    port,
    async cut() {
      await shut(server);
      server = undefined;
    },
    async restore() {
      if (server) return;
      server = serve();
      await listen(server, port);
    },
    async close() {
      await shut(server);
      server = undefined;
    },
  };
}
