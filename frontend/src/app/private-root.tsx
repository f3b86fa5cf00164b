import { Amplify } from 'aws-amplify';
import { Outlet } from 'react-router';
import '@aws-amplify/ui-react/styles.css';
import './styles.css';
// zod's own messages in Portuguese for every form (the domain's schemas carry their own where the spec gives one).
import '@domain/zod-locale.js';
import { ConfigErrorScreen } from '@/components/config-error-screen';
import { provideIdToken } from '@/lib/api-client';
import { currentIdToken } from '@/lib/id-token';
import { loadRuntimeConfig } from '@/lib/runtime-config';
import { AppProvider } from './provider';

/**
 * Everything under /auth, /app and /admin: Amplify (configured from /config.json), Amplify UI, React Query and the
 * session listeners. Loaded on demand, so the public pages never download it.
 */
export async function loadPrivateRoot(): Promise<{ Component: () => React.ReactNode }> {
  try {
    const config = await loadRuntimeConfig();
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: config.userPoolId,
          userPoolClientId: config.userPoolClientId,
          ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
          loginWith: { email: true },
        },
      },
    });
    provideIdToken(currentIdToken);
  } catch (error) {
    console.error('Could not load the runtime config', error);
    return { Component: ConfigErrorScreen };
  }
  return { Component: PrivateRoot };
}

function PrivateRoot() {
  return (
    <AppProvider>
      <Outlet />
    </AppProvider>
  );
}
