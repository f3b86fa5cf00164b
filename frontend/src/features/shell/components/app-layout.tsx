import { useState } from 'react';
import { View } from '@aws-amplify/ui-react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { SHELL_MESSAGES } from '@domain/messages.js';
import { ErrorBoundary } from '@/components/error-boundary';
import { useAuthSession } from '@/lib/auth-session';
import { toast, toastError } from '@/lib/toast';
import { useLiveUpdates } from '../api/live-updates';
import { useSignOut } from '../api/sign-out';
import { ConnectivityBanner } from './connectivity-banner';
import { SidebarNav } from './sidebar-nav';
import { TopBar } from './top-bar';

/** Shell of /app and /admin (spec 01 §2): top bar, sidebar, connectivity banner, page. */
export function AppLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useAuthSession();
  useLiveUpdates(Boolean(session.data));
  // The phone menu remembers the path it was opened on, so any navigation closes it without an effect.
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  const menuOpen = menuOpenedAt === location.pathname;
  const closeMenu = () => setMenuOpenedAt(null);

  const signOut = useSignOut({
    onSignedOut: () => {
      // Synchronous, so this shell is gone before the guard sees the empty session and picks /auth.
      void navigate('/', { replace: true, flushSync: true });
      toast({ title: SHELL_MESSAGES.logoutSuccess, variant: 'success' });
    },
    onError: () => toastError(SHELL_MESSAGES.logoutFailed),
  });

  return (
    <div className="app-shell" data-menu-open={menuOpen} onKeyDown={(e) => e.key === 'Escape' && closeMenu()}>
      <a href="#conteudo" className="skip-link">
        Pular para o conteúdo
      </a>
      <TopBar
        email={session.data?.email ?? ''}
        menuOpen={menuOpen}
        onToggleMenu={() => setMenuOpenedAt(menuOpen ? null : location.pathname)}
        onSignOut={() => signOut.mutate()}
        signingOut={signOut.isPending}
      />
      <ConnectivityBanner />
      <div className="app-shell__body">
        <aside id="app-sidebar" className="app-sidebar">
          <SidebarNav
            // An admin still to enrol their authenticator app sees the section too: it leads to enrolment.
            isAdmin={Boolean(session.data?.isAdmin || session.data?.needsSecondFactorSetup)}
            showBadges={Boolean(session.data?.isAdmin)}
            onNavigate={closeMenu}
          />
        </aside>
        {menuOpen && <div className="app-shell__backdrop" aria-hidden="true" onClick={closeMenu} />}
        <View as="main" id="conteudo" tabIndex={-1} className="app-main">
          <View className="app-main__content">
            <ErrorBoundary resetKey={location.pathname}>
              <Outlet />
            </ErrorBoundary>
          </View>
        </View>
      </div>
    </div>
  );
}
