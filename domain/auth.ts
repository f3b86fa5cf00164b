/** Auth constants both sides rely on (spec 01 §5, §6, §9). */

/** Cognito group whose members are admins (the spec's `user_roles.role = 'admin'`). */
export const ADMIN_GROUP = 'admin';

export const MIN_PASSWORD_LENGTH = 6;
/** Cognito's own limits: longer input would only come back as a Cognito error. */
export const PASSWORD_MAX_LENGTH = 256;
/** RFC 5321's limit on a deliverable address. */
export const EMAIL_MAX_LENGTH = 254;
