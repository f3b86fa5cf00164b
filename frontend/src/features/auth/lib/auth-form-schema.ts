import * as z from 'zod';
import { MIN_PASSWORD_LENGTH } from '@domain/auth.js';
import { AUTH_MESSAGES } from '@domain/messages.js';
import { normalizeReferralCode } from '@domain/referral-code.js';
import { answerMatchesSum } from './security-check.js';

export { MIN_PASSWORD_LENGTH };

export const AUTH_MODES = ['login', 'register'] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

/**
 * The auth form. `mode` and `checkExpected` ride along as values the user does not type, so one static schema applies
 * the spec's rules. Every field with a problem gets its own message, shown under it; the issues come in the spec's
 * order (both fields filled, the check, the match, the length), so the first is the one the spec would report.
 */
export const authFormSchema = z
  .object({
    mode: z.enum(AUTH_MODES),
    email: z.string().trim(),
    password: z.string(),
    confirmPassword: z.string(),
    referralCode: z.string().transform(normalizeReferralCode),
    checkAnswer: z.string().trim(),
    checkExpected: z.number().int(),
  })
  .superRefine((values, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!values.email) fail('email', AUTH_MESSAGES.requiredFields);
    if (!values.password) fail('password', AUTH_MESSAGES.requiredFields);
    if (!answerMatchesSum(values.checkAnswer, values.checkExpected)) fail('checkAnswer', AUTH_MESSAGES.solveCheck);
    if (values.mode === 'register' && values.password && values.password !== values.confirmPassword) {
      fail('confirmPassword', AUTH_MESSAGES.passwordsDontMatch);
    }
    if (values.password && values.password.length < MIN_PASSWORD_LENGTH) {
      fail('password', AUTH_MESSAGES.passwordTooShort);
    }
  });

export type AuthFormInput = z.input<typeof authFormSchema>;
export type AuthFormValues = z.output<typeof authFormSchema>;
