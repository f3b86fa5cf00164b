import { useState, type ReactNode } from 'react';
import { ThemeProvider } from '@aws-amplify/ui-react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useAuthEvents } from '@/lib/auth-session';
import { createQueryClient } from '@/lib/query-client';
import { theme } from '@/lib/theme';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeProvider theme={theme} colorMode="light">
      <QueryClientProvider client={queryClient}>
        <AuthEvents />
        {children}
      </QueryClientProvider>
    </ThemeProvider>
  );
}

function AuthEvents() {
  useAuthEvents();
  return null;
}
