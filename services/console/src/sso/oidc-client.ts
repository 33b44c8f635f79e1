import * as oidc from 'openid-client';

// Single sign-on through an OpenID Connect provider (authorization code flow with PKCE, state and
// nonce), with openid-client: it does the discovery, the token exchange and every check of the ID
// token. The console only asks it who signed in, and matches that to a console user.

export interface SsoSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The console's `/api/sso/callback`, exactly as registered with the provider. */
  redirectUrl: string;
}

/** What a sign-in in progress must remember between the redirect and the callback. */
export interface SsoFlow {
  state: string;
  nonce: string;
  verifier: string;
}

/** Who the provider says signed in. */
export interface SsoIdentity {
  email: string | undefined;
  emailVerified: boolean;
}

/** The provider answered with an error or could not be reached: nobody is signed in. */
export class SsoFailed extends Error {
  override readonly name = 'SsoFailed';
}

/** http is allowed only for a provider on this machine (a local test provider), never elsewhere. */
function onLoopback(issuer: URL): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
}

export class SsoClient {
  private configuration: Promise<oidc.Configuration> | undefined;

  constructor(private readonly settings: SsoSettings) {}

  /** Discovery on first use (the console starts while the provider is down), again after a failure. */
  private discovered(): Promise<oidc.Configuration> {
    if (!this.configuration) {
      const issuer = new URL(this.settings.issuer);
      const insecure = issuer.protocol === 'http:' && onLoopback(issuer);
      this.configuration = oidc
        .discovery(
          issuer,
          this.settings.clientId,
          undefined,
          // client_secret_basic: the method OpenID Connect makes the default for every provider.
          oidc.ClientSecretBasic(this.settings.clientSecret),
          insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
        )
        .catch((error: unknown) => {
          this.configuration = undefined;
          throw new SsoFailed(`discovery of ${issuer.href} failed: ${String(error)}`);
        });
    }
    return this.configuration;
  }

  /** Where to send the browser, and what the callback must find again. */
  async start(): Promise<{ url: string; flow: SsoFlow }> {
    const configuration = await this.discovered();
    const flow: SsoFlow = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier: oidc.randomPKCECodeVerifier(),
    };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.settings.redirectUrl,
      scope: 'openid email',
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    });
    return { url: url.href, flow };
  }

  /** The provider's answer (`query` of the callback) checked and exchanged; the person's email. */
  async finish(query: string, flow: SsoFlow): Promise<SsoIdentity> {
    const configuration = await this.discovered();
    // The registered URL, not the one this request came in on (a proxy may have rewritten it).
    const callback = new URL(this.settings.redirectUrl);
    callback.search = query;
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, callback, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new SsoFailed('no ID token');
      if (typeof claims.email === 'string') {
        return { email: claims.email, emailVerified: claims.email_verified === true };
      }
      // Providers may keep the email out of the ID token: the userinfo endpoint has it.
      const info = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
      return { email: info.email, emailVerified: info.email_verified === true };
    } catch (error) {
      if (error instanceof SsoFailed) throw error;
      throw new SsoFailed(error instanceof Error ? error.message : String(error));
    }
  }
}
