import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';

export type VerifiedUser = { userId: string; email: string | null };

/** Checks a Cognito id token as API Gateway's JWT authorizer does; null for anything it would refuse. */
export type TokenVerifier = (token: string) => Promise<VerifiedUser | null>;

/**
 * The user pool's id tokens, verified against its JWKS (`<issuer>/.well-known/jwks.json`, fetched once and cached by
 * jose): signature, issuer, expiry, and the SPA's client id as audience. jose rather than aws-jwt-verify because the
 * latter refuses the http issuer of the local Cognito emulator, and the same code must run in both places.
 */
export function createCognitoTokenVerifier(options: {
  issuer: string;
  audience: string;
  keys?: JWTVerifyGetKey;
}): TokenVerifier {
  const keys = options.keys ?? createRemoteJWKSet(new URL(`${options.issuer}/.well-known/jwks.json`));
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, keys, { issuer: options.issuer });
      const audience = Array.isArray(payload.aud) ? payload.aud : [payload.aud ?? payload.client_id];
      if (payload.token_use !== 'id' || !audience.includes(options.audience) || typeof payload.sub !== 'string') {
        return null;
      }
      return { userId: payload.sub, email: typeof payload.email === 'string' ? payload.email : null };
    } catch {
      return null;
    }
  };
}
