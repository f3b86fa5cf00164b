import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Amplify } from 'aws-amplify';
import { RouterProvider } from 'react-router/dom';
import '@aws-amplify/ui-react/styles.css';
import './app/styles.css';
// zod's own messages in Portuguese for every form (the domain's schemas carry their own where the spec gives one).
import '@domain/zod-locale.js';
import { AppProvider } from './app/provider';
import { router } from './app/router';
import { ConfigErrorScreen } from './components/config-error-screen';
import { loadRuntimeConfig } from './lib/runtime-config';

const root = createRoot(document.getElementById('root')!);

async function start(): Promise<void> {
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
  } catch (error) {
    console.error('Could not load the runtime config', error);
    root.render(<ConfigErrorScreen />);
    return;
  }
  root.render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
}

void start();
