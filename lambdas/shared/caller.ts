import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import type { RouteAccess } from '../../domain/api/route.js';
import { ADMIN_GROUP, ADMIN_SECOND_FACTOR_CLAIM, ADMIN_SECOND_FACTOR_TOTP } from '../../domain/auth.js';
import { API_MESSAGES, SECOND_FACTOR_MESSAGES } from '../../domain/messages.js';
import { ForbiddenError, UnauthorizedError } from './errors.js';
import { refusal } from '../../domain/refusals.js';

export type Caller = { userId: string; email: string; isAdmin: boolean };

/**
 * HTTP API's JWT authorizer hands claims over as strings; a list claim such as
 * cognito:groups arrives as "[admin other]". Accept both that and a real array.
 */
function groupsOf(claim: unknown): string[] {
  if (Array.isArray(claim)) return claim.map(String);
  if (typeof claim !== 'string' || claim === '') return [];
  return claim
    .replace(/^\[|\]$/g, '')
    .split(/[\s,]+/)
    .filter(Boolean);
}

/**
 * The caller as the authorizer proved it. The JWT authorizer only proves a valid token;
 * admin-group membership is checked here, on every admin route, whatever the browser does. A member of the group
 * counts as an admin only with the second-factor claim the PreTokenGeneration trigger adds once their authenticator
 * app is enrolled (Cognito then asks for its code at every password sign-in, and magic links are never sent to admins).
 */
export function callerOf(event: APIGatewayProxyEventV2WithJWTAuthorizer, access: RouteAccess): Caller | null {
  if (access === 'public') return null;
  const claims = event.requestContext.authorizer?.jwt?.claims;
  const userId = typeof claims?.sub === 'string' ? claims.sub : '';
  if (!userId) throw new UnauthorizedError();
  // The authorizer also lets the pool's access tokens through (it matches their client_id); they carry no e-mail and
  // no second-factor claim, so only id tokens are callers. (Every Cognito token states its use.)
  if (claims?.token_use !== undefined && claims.token_use !== 'id') throw new UnauthorizedError();
  const inAdminGroup = groupsOf(claims?.['cognito:groups']).includes(ADMIN_GROUP);
  const isAdmin = inAdminGroup && claims?.[ADMIN_SECOND_FACTOR_CLAIM] === ADMIN_SECOND_FACTOR_TOTP;
  if (access === 'admin' && !isAdmin) {
    throw new ForbiddenError(
      inAdminGroup
        ? refusal('second_factor_required', SECOND_FACTOR_MESSAGES.required)
        : refusal('admin_only', API_MESSAGES.forbidden),
    );
  }
  return { userId, email: typeof claims?.email === 'string' ? claims.email : '', isAdmin };
}
