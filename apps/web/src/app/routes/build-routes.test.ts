import { describe, expect, it } from 'vitest';
import type { RouterVo } from '../../lib/auth-api';
import { buildRouteTable, joinPath, matchPage, menuLeaves, paramsAreValid, routerQuery } from './build-routes';

/** getRouters + local definitions -> menu, pages and redirects. */
const server: RouterVo[] = [
  {
    name: 'Bus',
    path: '/bus',
    component: 'Layout',
    redirect: 'noRedirect',
    alwaysShow: true,
    meta: { title: 'menu_bus', icon: 'Shopping' },
    children: [
      {
        name: 'OrderAdd',
        path: 'orderAdd',
        component: 'bus/orderAdd',
        meta: { title: 'menu_order_add', icon: 'FileAdd' },
      },
      {
        name: 'OrderEdit',
        path: 'orderEdit',
        component: 'bus/orderEdit',
        hidden: true,
        meta: { title: 'menu_order_edit' },
      },
      { name: 'Missing', path: 'notBuilt', component: 'bus/notBuilt', meta: { title: 'menu_not_built' } },
      {
        name: 'Query',
        path: 'orderList',
        component: 'bus/orderList',
        query: '{"status":"1"}',
        meta: { title: 'menu_order_list', noCache: true },
      },
    ],
  },
  {
    name: 'System',
    path: '/system',
    component: 'Layout',
    redirect: '/system/user',
    meta: { title: 'menu_system', icon: 'Setting' },
    children: [
      { name: 'User', path: 'user', component: 'system/user', meta: { title: 'menu_user' } },
      {
        name: 'UserAuth',
        path: 'user/user-auth/:userId',
        component: 'system/user-auth',
        hidden: true,
        meta: { title: 'menu_user_auth' },
      },
    ],
  },
  {
    name: 'Empty',
    path: '/balance',
    component: 'Layout',
    meta: { title: 'menu_balance' },
    children: [{ path: 'x', component: 'balance/x', meta: { title: 'x' } }],
  },
  {
    name: 'Docs',
    path: 'https://example.com/docs',
    component: 'Layout',
    meta: { title: 'menu_docs', link: 'https://example.com/docs' },
  },
];
const local: RouterVo[] = [
  {
    path: '/',
    component: 'Layout',
    redirect: '/home',
    children: [
      { path: 'home', component: 'home/index', meta: { title: 'home', icon: 'Home' } },
      { path: 'audit', component: 'home/audit', meta: { title: 'menu_audit' }, permissions: ['system:audit'] },
    ],
  },
];
const registered = new Set([
  'bus/orderAdd',
  'bus/orderEdit',
  'bus/orderList',
  'system/user',
  'system/user-auth',
  'home/index',
  'home/audit',
]);
const access = (permissions: string[]) => ({
  isRegistered: (id: string) => registered.has(id),
  hasPermi: (keys: readonly string[]) => permissions.includes('*:*:*') || keys.some((k) => permissions.includes(k)),
  hasRole: () => false,
});

describe('buildRouteTable', () => {
  const table = buildRouteTable(server, local, access([]));

  it('builds the menu: local first, hidden/unregistered/unpermitted left out, single screens lifted, links kept', () => {
    expect(table.menu.map((m) => m.key)).toEqual(['/home', '/bus', '/system/user', 'https://example.com/docs']);
    const bus = table.menu[1];
    expect(bus.children?.map((c) => c.key)).toEqual(['/bus/orderAdd', '/bus/orderList?status=1']);
    expect(table.menu[3]).toMatchObject({ link: 'https://example.com/docs', title: 'menu_docs' });
  });

  it('keeps hidden screens routable and drops unregistered ones', () => {
    const paths = table.pages.map((p) => p.path);
    expect(paths).toContain('/bus/orderEdit');
    expect(paths).toContain('/system/user/user-auth/:userId');
    expect(paths).not.toContain('/bus/notBuilt');
    expect(paths).not.toContain('/audit');
  });

  it('shows a local entry to a user with its permission', () => {
    const withAudit = buildRouteTable(server, local, access(['system:audit']));
    expect(withAudit.menu.map((m) => m.key)).toContain('/audit');
  });

  it('redirects directories', () => {
    expect(table.redirects).toEqual(
      expect.arrayContaining([
        { from: '/', to: '/home' },
        { from: '/bus', to: '/bus/orderAdd' },
        { from: '/system', to: '/system/user' },
      ]),
    );
  });

  it('gives each page its breadcrumb trail, menu key and open keys', () => {
    const edit = table.pages.find((p) => p.path === '/bus/orderEdit');
    expect(edit).toMatchObject({ hidden: true, menuKey: '/bus', openKeys: ['/bus'] });
    expect(edit?.trail.map((t) => t.title)).toEqual(['menu_bus', 'menu_order_edit']);
    expect(edit?.trail[0].path).toBeUndefined();
    const list = table.pages.find((p) => p.path === '/bus/orderList');
    expect(list?.noCache).toBe(true);
    expect(table.pages.find((p) => p.path === '/home')?.affix).toBe(true);
  });

  it('matches locations, static before parameterised, and checks id parameters', () => {
    expect(matchPage(table.pages, '/system/user/user-auth/12')?.params).toEqual({ userId: '12' });
    expect(matchPage(table.pages, '/system/user')?.page.componentId).toBe('system/user');
    expect(paramsAreValid({ userId: '12' })).toBe(true);
    expect(paramsAreValid({ userId: '1x' })).toBe(false);
    expect(paramsAreValid({ tab: 'abc' })).toBe(true);
    expect(matchPage(table.pages, '/nowhere')).toBeUndefined();
  });

  it('lists menu leaves for quick links', () => {
    expect(menuLeaves(table.menu).map((l) => l.node.key)).toEqual([
      '/home',
      '/bus/orderAdd',
      '/bus/orderList?status=1',
      '/system/user',
      'https://example.com/docs',
    ]);
  });
});

describe('helpers', () => {
  it.each([
    ['/', 'home', '/home'],
    ['/bus', 'orderAdd', '/bus/orderAdd'],
    ['/bus/', 'x', '/bus/x'],
    ['/bus', '/abs', '/abs'],
  ])('joinPath(%s, %s) = %s', (a, b, c) => expect(joinPath(a, b)).toBe(c));

  it('turns RuoYi JSON queries into query strings', () => {
    expect(routerQuery('{"status":"1","type":2}')).toBe('?status=1&type=2');
    expect(routerQuery('a=1')).toBe('?a=1');
    expect(routerQuery(undefined)).toBe('');
  });
});
