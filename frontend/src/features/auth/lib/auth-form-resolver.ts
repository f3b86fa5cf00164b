import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { authFormSchema, type AuthFormValues, type AuthMode } from './auth-form-schema';

/** What the person types into the auth form. */
export type AuthFormFields = {
  email: string;
  password: string;
  confirmPassword: string;
  referralCode: string;
  checkAnswer: string;
};
/** What the schema needs beside the fields: the form's mode and the security check's sum. */
export type AuthFormContext = { mode: AuthMode; checkExpected: number };

const schemaResolver = zodResolver(authFormSchema);
// Mode and the expected sum are not inputs; they come in through the form context at validation time.
export const authFormResolver: Resolver<AuthFormFields, AuthFormContext, AuthFormValues> = (values, context, options) =>
  schemaResolver({ ...values, ...(context as AuthFormContext) }, context, options as never) as never;
