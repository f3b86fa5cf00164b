import { fetchAuthSession } from 'aws-amplify/auth';

/** The signed-in user's Cognito id token (refreshed by Amplify when due), or null. */
export async function currentIdToken(): Promise<string | null> {
  try {
    const { tokens } = await fetchAuthSession();
    return tokens?.idToken?.toString() ?? null;
  } catch {
    return null;
  }
}
