// Google's stand-in in tests: a real OpenID provider (npm oidc-provider) for one confidential client,
// whose accounts are their subject with a verified `<sub>@example.com` address. Like Google, it puts the
// profile claims in the ID token. How a user signs in and consents (the interaction pages) is each test's.
import Provider from 'oidc-provider';

export const STAND_IN_CLIENT = { id: 'pictura', secret: 'pictura-secret' } as const;

export function createStandInProvider(issuer: string, redirectUri: string): Provider {
  return new Provider(issuer, {
    clients: [
      {
        client_id: STAND_IN_CLIENT.id,
        client_secret: STAND_IN_CLIENT.secret,
        redirect_uris: [redirectUri],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: `${sub}@example.com`,
          email_verified: true,
          name: `${sub} Example`,
        }),
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  });
}
