import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { ensureTranslations, translationsStore } from '../lib/i18n';
import { authStore, clearSession, readToken } from '../lib/session';
import { decideGuard } from './guard';
import { loadSessionRoutes, routesStore } from './routes/routes-store';

/**
 * Applies `decideGuard` to every route (see guard.ts). Every page but /login also waits for the language's
 * translation file (the login page runs on the texts built into the first load: lib/i18n.ts).
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const textsReady = translationsStore.use((s) => s.full) || location.pathname === '/login';
  const token = authStore.use((s) => s.token);
  const mustChangePassword = authStore.use((s) => s.mustChangePassword);
  const status = routesStore.use((s) => s.status);
  const hasToken = Boolean(token) && Boolean(readToken());
  const decision = decideGuard({
    pathname: location.pathname,
    search: location.search,
    hasToken,
    routesReady: status === 'ready',
    mustChangePassword,
  });

  useEffect(() => {
    if (decision.kind === 'redirect' && decision.clearSession && (authStore.get().token || authStore.get().loaded))
      clearSession();
  }, [decision]);

  useEffect(() => {
    if (decision.kind !== 'load' || status !== 'idle') return;
    loadSessionRoutes().catch(() => {
      // 401 has already cleared the session; any other failure ends it too (RuoYi logs out).
      clearSession();
    });
  }, [decision.kind, status]);

  useEffect(() => {
    if (!textsReady) void ensureTranslations();
  }, [textsReady]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'load' || !textsReady) return <PageLoading fullscreen />;
  return <>{children}</>;
}
