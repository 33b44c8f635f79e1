import http from 'node:http';
import https from 'node:https';
import { recordProviderCall } from '@otp/platform';
import { envelope, requestStatus, type RequestStatus, type SendVerificationMessage } from './wire.js';

/** The provider refused the call (`ok: false`): e.g. no messenger account for the number. */
export class ProviderRefusal extends Error {
  override readonly name = 'ProviderRefusal';
  constructor(
    readonly method: string,
    readonly reason: string,
  ) {
    super(`${method} refused: ${reason}`);
  }
}

/** The provider could not be reached or answered something that is not its API. */
export class ProviderUnavailable extends Error {
  override readonly name = 'ProviderUnavailable';
}

/** The messenger provider as the service uses it; one implementation speaks its HTTP API. */
export interface MessengerProvider {
  /** Whether the number can receive a code; the returned request_id is then used for the send. */
  checkSendAbility(phoneNumber: string): Promise<RequestStatus>;
  sendVerificationMessage(params: SendVerificationMessage): Promise<RequestStatus>;
  /** The current status; with `code`, also checks the code the user entered. */
  checkVerificationStatus(requestId: string, code?: string): Promise<RequestStatus>;
  revokeVerificationMessage(requestId: string): Promise<boolean>;
}

/** One answer of the provider's HTTP API: its status and body text. */
interface HttpAnswer {
  status: number;
  text: string;
}

// node:http with keep-alive rather than fetch: two provider calls sit on every send, and fetch's
// web streams cost several times the CPU of a plain request on the same kept-alive socket. An idle
// socket is closed before the server's announced keep-alive timeout (Node's agent honours the
// `Keep-Alive: timeout` hint), as fetch does, so a send does not land on a socket being closed.
const AGENT_OPTIONS = { keepAlive: true, maxSockets: 64 };

export class HttpMessengerProvider implements MessengerProvider {
  private readonly base: URL;
  private readonly agent: http.Agent;
  private readonly request: typeof http.request;

  constructor(private readonly options: { baseUrl: string; token: string; timeoutMs: number }) {
    this.base = new URL(options.baseUrl.replace(/\/+$/, '') + '/');
    const secure = this.base.protocol === 'https:';
    this.agent = secure ? new https.Agent(AGENT_OPTIONS) : new http.Agent(AGENT_OPTIONS);
    this.request = secure ? https.request : http.request;
  }

  async checkSendAbility(phoneNumber: string): Promise<RequestStatus> {
    return this.status('checkSendAbility', { phone_number: phoneNumber });
  }

  async sendVerificationMessage(params: SendVerificationMessage): Promise<RequestStatus> {
    return this.status('sendVerificationMessage', params);
  }

  async checkVerificationStatus(requestId: string, code?: string): Promise<RequestStatus> {
    const params = code === undefined ? { request_id: requestId } : { request_id: requestId, code };
    return this.status('checkVerificationStatus', params);
  }

  async revokeVerificationMessage(requestId: string): Promise<boolean> {
    return (await this.call('revokeVerificationMessage', { request_id: requestId })) === true;
  }

  private async status(method: string, params: object): Promise<RequestStatus> {
    const parsed = requestStatus.safeParse(await this.call(method, params));
    if (!parsed.success) throw new ProviderUnavailable(`${method}: result is not a RequestStatus`);
    return parsed.data;
  }

  /** One API call, counted by its outcome (messenger_provider_call_duration_seconds). */
  private async call(method: string, params: object): Promise<unknown> {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      const result = await this.exchange(method, params);
      recordProviderCall(method, 'ok', seconds());
      return result;
    } catch (error) {
      recordProviderCall(method, error instanceof ProviderRefusal ? 'refused' : 'unavailable', seconds());
      throw error;
    }
  }

  private async exchange(method: string, params: object): Promise<unknown> {
    let response: HttpAnswer;
    try {
      response = await this.post(method, JSON.stringify(params));
    } catch (error) {
      throw new ProviderUnavailable(`${method}: ${(error as Error).message}`);
    }
    // The API answers errors with 4xx and an `ok: false` body; a 5xx or non-JSON body is an outage.
    const text = response.text;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new ProviderUnavailable(`${method}: HTTP ${response.status} without a JSON body`);
    }
    const parsed = envelope.safeParse(body);
    if (!parsed.success || response.status >= 500)
      throw new ProviderUnavailable(`${method}: HTTP ${response.status}, unexpected answer`);
    if (!parsed.data.ok) throw new ProviderRefusal(method, parsed.data.error);
    return parsed.data.result;
  }

  /** POSTs `body` to the method's URL; the whole exchange (answer read too) within the timeout. */
  private post(method: string, body: string): Promise<HttpAnswer> {
    return new Promise((resolve, reject) => {
      const request = this.request(new URL(method, this.base), {
        method: 'POST',
        agent: this.agent,
        headers: {
          authorization: `Bearer ${this.options.token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      });
      const timer = setTimeout(
        () => request.destroy(new Error(`no answer within ${this.options.timeoutMs} ms`)),
        this.options.timeoutMs,
      );
      const fail = (error: Error) => {
        clearTimeout(timer);
        reject(error);
      };
      request.on('error', fail);
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', fail);
        // Cut off mid-answer (no 'end'): an outage like any other.
        response.on('close', () => {
          if (!response.complete) fail(new Error('the answer was cut off'));
        });
        response.on('end', () => {
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
        });
      });
      request.end(body);
    });
  }
}
