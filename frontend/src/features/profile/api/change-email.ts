import { confirmUserAttribute, fetchAuthSession, updateUserAttributes } from 'aws-amplify/auth';

/**
 * Change of the account's e-mail (spec 02 §2): Cognito keeps the current address until the new one is confirmed
 * through the link it e-mails there (pt-BR, from our CustomMessage trigger), which opens /app/perfil.
 */
export async function requestEmailChange(email: string): Promise<void> {
  await updateUserAttributes({ userAttributes: { email } });
}

/**
 * Confirms the new address with the link's code, then refreshes the session: the id token carries it, and the refresh runs
 * the PreTokenGeneration trigger that brings the profile and its copies along (pattern 63).
 */
export async function confirmEmailChange(code: string): Promise<void> {
  await confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: code });
  await fetchAuthSession({ forceRefresh: true });
}

/** Cognito's refusal, as the person should read it. */
export function emailChangeErrorName(error: unknown): string | undefined {
  return (error as { name?: string } | null)?.name;
}
