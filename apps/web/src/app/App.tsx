import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { BrowserRouter, Route, Routes, useNavigate } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { setNavigator } from '../lib/navigation';
import LoginPage from '../pages/login/LoginPage';
import { AppProviders } from './providers';
import { RouteGuard } from './RouteGuard';
import { ROUTER_BASENAME } from './router-base';

/**
 * The router: static pages (/login, /register, /404, /401) and, for everything else, the layout, whose
 * main view resolves the path against the user's routes (see layout/MainView). The login page is part of
 * the first load (it is what a visitor sees first: no second round trip); every other page is a lazy chunk.
 */
const RegisterPage = lazy(() => import('../pages/register/RegisterPage'));
const NotFoundPage = lazy(() => import('../pages/error/NotFoundPage'));
const ForbiddenPage = lazy(() => import('../pages/error/ForbiddenPage'));
const AppLayout = lazy(() => import('./layout/AppLayout'));

function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to, options) => navigate(to, options));
    return () => setNavigator(undefined);
  }, [navigate]);
  return null;
}

const guarded = (element: ReactNode) => (
  <RouteGuard>
    <Suspense fallback={<PageLoading fullscreen />}>{element}</Suspense>
  </RouteGuard>
);

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={guarded(<LoginPage />)} />
      <Route path="/register" element={guarded(<RegisterPage />)} />
      <Route path="/404" element={guarded(<NotFoundPage />)} />
      <Route path="/401" element={guarded(<ForbiddenPage />)} />
      <Route path="*" element={guarded(<AppLayout />)} />
    </Routes>
  );
}

export function App() {
  return (
    <AppProviders>
      <BrowserRouter basename={ROUTER_BASENAME}>
        <NavigatorBridge />
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
