import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A real HTTP endpoint for the suites: records every POST and answers as the test says.

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Reply = { status: number; body?: string; headers?: Record<string, string> } | 'hang';

export class Receiver {
  readonly received: Received[] = [];
  /** Requests answered 'hang', still open. */
  readonly hanging: ServerResponse[] = [];
  maxConcurrent = 0;
  private open = 0;

  private constructor(
    private readonly server: Server,
    public reply: (request: Received, countOnPath: number) => Reply,
  ) {}

  static async start(
    reply: (request: Received, countOnPath: number) => Reply = () => ({ status: 200 }),
  ): Promise<Receiver> {
    const server = createServer();
    const receiver = new Receiver(server, reply);
    server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const request: Received = {
          path: req.url ?? '/',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        };
        receiver.received.push(request);
        receiver.open++;
        receiver.maxConcurrent = Math.max(receiver.maxConcurrent, receiver.open);
        res.on('close', () => receiver.open--);
        const answer = receiver.reply(request, receiver.onPath(request.path).length);
        if (answer === 'hang') {
          receiver.hanging.push(res);
          return;
        }
        res.writeHead(answer.status, answer.headers ?? {});
        res.end(answer.body ?? '');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  url(path: string, host = '127.0.0.1'): string {
    return `http://${host}:${this.port}${path}`;
  }

  onPath(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  withEventId(id: string): Received[] {
    return this.received.filter((r) => r.headers['webhook-id'] === id);
  }

  /** Answers every hanging request with 200. */
  release(): void {
    for (const res of this.hanging.splice(0)) if (!res.writableEnded) res.writeHead(200).end();
  }

  async close(): Promise<void> {
    this.release();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
