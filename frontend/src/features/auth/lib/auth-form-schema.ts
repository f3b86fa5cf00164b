import * as z from 'zod';
import { MIN_PASSWORD_LENGTH } from '@domain/auth.js';
import { AUTH_MESSAGES } from '@domain/messages.js';
import { normalizeReferralCode } from '@domain/referral-code.js';
import { answerMatchesSum } from './security-check.js';

export { MIN_PASSWORD_LENGTH };

export const AUTH_MODES = ['login', 'register'] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

/**
 * The auth form. `mode` and `checkExpected` ride along as values the user does not type, so one
 * static schema can apply the spec's rules in the spec's order and report only the first failure.
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
    if (!values.email || !values.password)
      return fail(values.email ? 'password' : 'email', AUTH_MESSAGES.requiredFields);
    if (!answerMatchesSum(values.checkAnswer, values.checkExpected))
      return fail('checkAnswer', AUTH_MESSAGES.solveCheck);
    if (values.mode === 'register' && values.password !== values.confirmPassword) {
      return fail('confirmPassword', AUTH_MESSAGES.passwordsDontMatch);
    }
    if (values.password.length < MIN_PASSWORD_LENGTH) return fail('password', AUTH_MESSAGES.passwordTooShort);
  });

export type AuthFormInput = z.input<typeof authFormSchema>;
export type AuthFormValues = z.output<typeof authFormSchema>;
