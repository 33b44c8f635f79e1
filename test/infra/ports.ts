import { createServer } from 'node:net';

/**
 * A free port for a server a test starts through another process (a simulated carrier named in a
 * config file written before the platform starts). Taken outside the ephemeral range, where the
 * launcher's own free ports come from: a port found free there could be handed to a service
 * before the test's server binds it.
 */
export async function portOutsideEphemeralRange(): Promise<number> {
  for (;;) {
    const port = 20000 + Math.floor(Math.random() * 12000);
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
}
