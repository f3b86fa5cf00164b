import * as z from 'zod';
import { MIN_PASSWORD_LENGTH } from '@domain/auth.js';
import { AUTH_MESSAGES } from '@domain/messages.js';

/**
 * The new-password form of recovery mode (spec 01 §5): length first, then the match. Each rule has its
 * own toast title, keyed by the field the issue lands on.
 */
export const recoveryFormSchema = z
  .object({ newPassword: z.string(), confirmPassword: z.string() })
  .superRefine((values, ctx) => {
    if (values.newPassword.length < MIN_PASSWORD_LENGTH) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: AUTH_MESSAGES.newPasswordInvalidDescription });
      return;
    }
    if (values.newPassword !== values.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: AUTH_MESSAGES.passwordsDontMatch });
    }
  });

export type RecoveryFormValues = z.infer<typeof recoveryFormSchema>;

export const RECOVERY_PROBLEM_TITLES: Record<keyof RecoveryFormValues, string> = {
  newPassword: AUTH_MESSAGES.newPasswordInvalidTitle,
  confirmPassword: AUTH_MESSAGES.newPasswordMismatchTitle,
};
