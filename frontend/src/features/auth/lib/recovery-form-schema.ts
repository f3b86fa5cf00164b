import * as z from 'zod';
import { MIN_PASSWORD_LENGTH } from '@domain/auth.js';
import { AUTH_MESSAGES } from '@domain/messages.js';

/**
 * The new-password form of recovery mode (spec 01 §5): length first, then the match, each said under the field it
 * lands on.
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
