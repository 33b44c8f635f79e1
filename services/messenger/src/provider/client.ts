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

export class HttpMessengerProvider implements MessengerProvider {
  constructor(private readonly options: { baseUrl: string; token: string; timeoutMs: number }) {}

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

  private async call(method: string, params: object): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${this.options.baseUrl.replace(/\/+$/, '')}/${method}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.options.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(params),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      throw new ProviderUnavailable(`${method}: ${(error as Error).message}`);
    }
    // The API answers errors with 4xx and an `ok: false` body; a 5xx or non-JSON body is an outage.
    const text = await response.text();
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
}
