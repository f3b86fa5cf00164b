/** Auth constants both sides rely on (spec 01 §5, §6, §9). */

/** Cognito group whose members are admins (the spec's `user_roles.role = 'admin'`). */
export const ADMIN_GROUP = 'admin';

export const MIN_PASSWORD_LENGTH = 6;
/** Cognito's own limits: longer input would only come back as a Cognito error. */
export const PASSWORD_MAX_LENGTH = 256;
/** RFC 5321's limit on a deliverable address. */
export const EMAIL_MAX_LENGTH = 254;

/**
 * Admins sign in with a second factor (TOTP). The PreTokenGeneration trigger adds this claim, with the value
 * `ADMIN_SECOND_FACTOR_TOTP`, to the id token of an admin whose authenticator app is enrolled; the API treats a
 * member of the `admin` group without it as not (yet) an admin, and the SPA sends them to the enrolment screen.
 */
export const ADMIN_SECOND_FACTOR_CLAIM = 'admin_second_factor';
export const ADMIN_SECOND_FACTOR_TOTP = 'totp';
/** Cognito's name for an enrolled authenticator app in a user's MFA settings. */
export const TOTP_MFA_SETTING = 'SOFTWARE_TOKEN_MFA';
/** A TOTP code: six digits. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
