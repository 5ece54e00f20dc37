import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../lib/session';
import { registry } from '../routes/registry';
import { buildTableFor, routesStore } from '../routes/routes-store';
import { resetSettings, updateSettings } from '../settings/settings-store';
import { isKnownScreenPath, MainView, unknownPathTarget } from './MainView';

// antd renders slowly in jsdom, more so while other test runs share the machine.
vi.setConfig({ testTimeout: 30_000 });

/** Keep-alive main view: open tabs keep their state; unknown paths go to 401/404. */
/**
 * Renders of the test pages' content, by the location it rendered at. (React may still call a hidden page's
 * location hook when the router's location changes, lazy context propagation, but the page's output is
 * kept: its content does not render again.)
 */
const renders = vi.hoisted(() => new Map<string, number>());

vi.mock('../routes/registry', async () => {
  const { lazy } = await import('react');
  function Content({ at, n }: { at: string; n: number }) {
    renders.set(at, (renders.get(at) ?? 0) + 1);
    return <span data-testid="count">{`${at.replace(/\?.*/, '')}:${n}`}</span>;
  }
  function Counter() {
    const [n, setN] = useState(0);
    const location = useLocation();
    return (
      <div>
        <Content at={`${location.pathname}${location.search}`} n={n} />
        <button type="button" onClick={() => setN((v) => v + 1)}>
          inc
        </button>
      </div>
    );
  }
  const page = () => lazy(async () => ({ default: Counter }));
  return { registry: { 'home/index': page(), 'bus/orderList': page(), 'bus/orderAdd': page(), 'system/user': page() } };
});

let go: (to: string) => void = () => undefined;
function Nav() {
  const navigate = useNavigate();
  const location = useLocation();
  go = (to) => navigate(to);
  return <div data-testid="where">{location.pathname}</div>;
}

function Harness() {
  const ref = useRef<HTMLDivElement>(null);
  return (
    <div ref={ref}>
      <MainView scrollContainer={ref} />
    </div>
  );
}

beforeEach(() => {
  resetSettings();
  routesStore.replace({
    status: 'ready',
    routers: [],
    table: buildTableFor(
      [
        {
          path: '/bus',
          component: 'Layout',
          meta: { title: 'menu_bus' },
          children: [
            { path: 'orderList', component: 'bus/orderList', meta: { title: 'menu_order_list' } },
            { path: 'orderAdd', component: 'bus/orderAdd', meta: { title: 'menu_order_add', noCache: true } },
          ],
        },
      ],
      new Set(Object.keys(registry)),
    ),
  });
});
afterEach(() => clearSession());

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Nav />
      <Routes>
        <Route path="/401" element={null} />
        <Route path="/404" element={null} />
        <Route path="*" element={<Harness />} />
      </Routes>
    </MemoryRouter>,
  );

const visibleCount = () => screen.getAllByTestId('count').find((el) => !el.closest('[hidden]'))?.textContent;

describe('<MainView>', () => {
  it('keeps a cached tab mounted with its state while another is shown', async () => {
    renderAt('/bus/orderList');
    fireEvent.click(await screen.findByText('inc'));
    fireEvent.click(screen.getByText('inc'));
    expect(visibleCount()).toBe('/bus/orderList:2');
    await act(async () => go('/home'));
    await screen.findAllByTestId('count');
    expect(visibleCount()).toBe('/home:0');
    // The hidden tab still renders at its own location.
    expect(screen.getAllByTestId('count').map((e) => e.textContent)).toContain('/bus/orderList:2');
    await act(async () => go('/bus/orderList'));
    expect(visibleCount()).toBe('/bus/orderList:2');
  });

  it('re-renders only the shown tab: hidden tabs and a tab shown again at the same place stay as they are', async () => {
    renderAt('/bus/orderList');
    fireEvent.click(await screen.findByText('inc'));
    await act(async () => go('/bus/orderList?id=7'));
    await screen.findByText('/bus/orderList:0');
    await act(async () => go('/home'));
    await screen.findByText('/home:0');
    expect(screen.getAllByTestId('count')).toHaveLength(3);
    renders.clear();

    // Switching between open tabs (each click pushes the tab's URL again) renders no page at all.
    await act(async () => go('/bus/orderList'));
    await act(async () => go('/bus/orderList?id=7'));
    await act(async () => go('/home'));
    await act(async () => go('/bus/orderList'));
    expect(visibleCount()).toBe('/bus/orderList:1');
    expect([...renders.entries()]).toEqual([]);

    // A new place in the shown tab (its filters) renders that tab only.
    await act(async () => go('/bus/orderList?pageNum=2'));
    expect([...renders.keys()]).toEqual(['/bus/orderList?pageNum=2']);
    expect(visibleCount()).toBe('/bus/orderList:1');
    expect(screen.getAllByTestId('count')).toHaveLength(3);
  });

  it('unmounts noCache routes and everything when the cache is off', async () => {
    renderAt('/bus/orderAdd');
    fireEvent.click(await screen.findByText('inc'));
    await act(async () => go('/home'));
    await act(async () => go('/bus/orderAdd'));
    expect(await screen.findByText('/bus/orderAdd:0')).toBeTruthy();

    act(() => updateSettings({ isCacheTagsView: false }));
    fireEvent.click(screen.getByText('inc'));
    await act(async () => go('/home'));
    expect(screen.getAllByTestId('count')).toHaveLength(1);
  });

  it('sends unknown paths to a redirect, /home, /401 or /404', async () => {
    renderAt('/bus');
    expect((await screen.findByTestId('where')).textContent).toBe('/bus/orderList');
    await act(async () => go('/'));
    expect(screen.getByTestId('where').textContent).toBe('/home');
    await act(async () => go('/system/user'));
    expect(screen.getByTestId('where').textContent).toBe('/401');
    await act(async () => go('/nowhere'));
    expect(screen.getByTestId('where').textContent).toBe('/404');
  });

  it('knows which paths are screens of this build', () => {
    expect(isKnownScreenPath('/system/user')).toBe(true);
    expect(isKnownScreenPath('/system/nothing')).toBe(false);
    expect(isKnownScreenPath('/other/user')).toBe(false);
    expect(unknownPathTarget('/bus/', [{ from: '/bus', to: '/bus/orderList' }])).toBe('/bus/orderList');
  });
});
