import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, translationsStore } from '../lib/i18n';
import { authStore, clearSession, setToken } from '../lib/session';
import { answerRequests, Where } from '../test/render';
import { decideGuard, safeRedirect } from './guard';
import { RouteGuard } from './RouteGuard';
import { routesStore } from './routes/routes-store';

// antd renders slowly in jsdom, more so while other test runs share the machine.
vi.setConfig({ testTimeout: 30_000 });

/** The route guard of spec §2. */
describe('decideGuard', () => {
  const base = { search: '', hasToken: false, routesReady: false, mustChangePassword: false };
  it.each([
    ['/login', false, false, false, { kind: 'render' }],
    ['/register', false, false, false, { kind: 'render' }],
    ['/home', false, false, false, { kind: 'redirect', to: '/login?redirect=%2Fhome', clearSession: true }],
    ['/404', false, false, false, { kind: 'redirect', to: '/login?redirect=%2F404', clearSession: true }],
    ['/', false, false, false, { kind: 'redirect', to: '/login', clearSession: true }],
    ['/login', true, true, false, { kind: 'redirect', to: '/home', clearSession: false }],
    ['/login', true, false, false, { kind: 'redirect', to: '/home', clearSession: false }],
    ['/bus/orderAdd', true, false, false, { kind: 'load' }],
    ['/bus/orderAdd', true, true, false, { kind: 'render' }],
    ['/home', true, true, true, { kind: 'redirect', to: '/register', clearSession: false }],
    ['/register', true, true, true, { kind: 'render' }],
  ] as const)('%s token=%s ready=%s mustChange=%s', (pathname, hasToken, routesReady, mustChangePassword, expected) => {
    expect(decideGuard({ ...base, pathname, hasToken, routesReady, mustChangePassword })).toEqual(expected);
  });

  it('keeps the query of the page the user was going to', () => {
    expect(decideGuard({ ...base, pathname: '/bus/orderList', search: '?status=1' })).toMatchObject({
      to: '/login?redirect=%2Fbus%2ForderList%3Fstatus%3D1',
    });
  });

  it.each([
    [null, '/home'],
    ['/bus/orderList?x=1', '/bus/orderList?x=1'],
    ['//evil.example', '/home'],
    ['https://evil.example', '/home'],
    ['/login', '/home'],
  ])('safeRedirect(%s) = %s', (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });
});

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="*"
          element={
            <RouteGuard>
              <div data-testid="page">page</div>
            </RouteGuard>
          }
        />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

describe('<RouteGuard>', () => {
  let calls: string[] = [];
  beforeEach(() => {
    calls = [];
    answerRequests((config) => {
      calls.push(config.url ?? '');
      return config.url === '/system/user/getInfo'
        ? {
            code: 200,
            msg: 'ok',
            user: { userId: 2, userName: 'sales', nickName: '销售' },
            roles: ['sales'],
            permissions: ['bus:order'],
            isFeeRole: false,
          }
        : { code: 200, msg: 'ok', data: [] };
    });
  });
  afterEach(() => clearSession());

  it('sends a visitor without a token to /login and clears the session', async () => {
    authStore.set({ roles: ['x'], loaded: true });
    renderAt('/bus/orderList');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login?redirect=%2Fbus%2ForderList'));
    expect(authStore.get().roles).toEqual([]);
  });

  it('shows /login on the texts of the first load, and every other page once the language file is there', async () => {
    // As when the app opened at /login (lib/i18n.ts) in a language whose file is not loaded yet.
    translationsStore.set({ full: false });
    await i18n.changeLanguage('en');
    renderAt('/login');
    expect(screen.getByTestId('page')).toBeTruthy();
    cleanup();
    renderAt('/register');
    expect(screen.queryByTestId('page')).toBeNull(); // loading: the guard asked for the file
    await waitFor(() => expect(screen.getByTestId('page')).toBeTruthy());
    expect(translationsStore.get().full).toBe(true);
    expect(i18n.t('page_login_title')).toBe('Sign in to TheOne');
    await i18n.changeLanguage('zh-cn');
  });

  it('lets a visitor see /login', () => {
    renderAt('/login');
    expect(screen.getByTestId('page')).toBeTruthy();
  });

  it('loads getInfo and getRouters on first entry, then shows the page', async () => {
    setToken('tok', 30);
    renderAt('/home');
    expect(screen.queryByTestId('page')).toBeNull();
    await screen.findByTestId('page');
    expect(calls).toEqual(['/system/user/getInfo', '/system/menu/getRouters']);
    expect(routesStore.get().status).toBe('ready');
    expect(authStore.get().roles).toEqual(['sales']);
  });

  it('sends a signed-in user from /login to /home', async () => {
    setToken('tok', 30);
    renderAt('/login');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/home'));
  });

  it('sends a session that must change its password to /register, without asking for routes', async () => {
    setToken('tok', 30);
    answerRequests((config) => {
      calls.push(config.url ?? '');
      return {
        code: 200,
        msg: 'ok',
        user: { userId: 3, userName: 'new', nickName: 'new' },
        roles: [],
        permissions: [],
        mustChangePassword: true,
      };
    });
    renderAt('/home');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/register'));
    expect(calls).toEqual(['/system/user/getInfo']);
  });

  it('ends the session when getInfo fails', async () => {
    setToken('tok', 30);
    answerRequests(() => ({ code: 500, msg: 'boom' }));
    renderAt('/home');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toMatch(/^\/login/));
    expect(sessionStorage.getItem('THEONE-token')).toBeNull();
  });
});
