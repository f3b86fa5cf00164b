/** Auth constants both sides rely on (spec 01 §5, §6, §9). */

/** Cognito group whose members are admins (the spec's `user_roles.role = 'admin'`). */
export const ADMIN_GROUP = 'admin';

export const MIN_PASSWORD_LENGTH = 6;
