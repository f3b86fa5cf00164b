import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { useAuthSession } from '@/lib/auth-session';

/** Sends signed-out users to /auth, carrying where they were going in `state.from`. */
export function RequireAuth() {
  const location = useLocation();
  const session = useAuthSession();
  if (session.isPending) return <PageLoader label="Verificando sua sessão..." />;
  if (!session.data) return <Navigate to="/auth" replace state={{ from: location }} />;
  return <Outlet />;
}
