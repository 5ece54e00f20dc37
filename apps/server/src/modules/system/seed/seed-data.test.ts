import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseCsv } from '@theone/contracts';
import { describe, expect, it } from 'vitest';
import { MENU_SEED, menuTitleKey, permTitleKey } from '../menu/menu.seed';
import type { MenuSeed } from './seed.types';
import { MENUS } from './seed-test-helpers';

const REPO_ROOT = fileURLToPath(new URL('../../../../../../', import.meta.url));
const CSV_PATH = `${REPO_ROOT}apps/web/public/i18n/translations.csv`;
const ANTD_ICONS_DIR = `${REPO_ROOT}node_modules/@ant-design/icons/lib/icons`;

// Every route of spec §2, plus the routes the screens docs choose for screens the spec names by title only.
// [absolute path, hidden]
const ROUTES: readonly (readonly [string, boolean])[] = [
  ['/bus', false],
  ['/bus/orderAdd', false],
  ['/bus/orderEdit', true],
  ['/bus/orderInfo', true],
  ['/bus/unOrder', false],
  ['/bus/inOrder', false],
  ['/bus/loadplanList', false],
  ['/bus/loadplanAdd', true],
  ['/bus/loadplanDetails', true],
  ['/bus/loadList', false],
  ['/bus/loadDetails', true],
  ['/bus/orderList', false],
  ['/bus/orderDetails', true],
  ['/bus/track-list', false],
  ['/bus/track-details', true],
  ['/bus/arriveList', false],
  ['/bus/arriveDetails', true],
  ['/bus/arriveOrder', false],
  ['/bus/sendOrder', false],
  ['/bus/send', false],
  ['/bus/sign-list', false],
  ['/bus/exception-list', false],
  ['/bus/orderListEdit', false],
  ['/bus/arrivedAddOrder', false],
  ['/bus/noMarkOrder', false],
  ['/bus/deliveryfree', false],
  ['/container', false],
  ['/container/leftAddr-list', false],
  ['/container/leftAddr-add', true],
  ['/container/leftAddr-details', true],
  ['/container/destPlace-list', false],
  ['/container/destPlace-details', true],
  ['/container/destPlacePay-list', false],
  ['/container/destPlacePay-details', true],
  ['/container/destPlaceAmount-list', false],
  ['/container/destPlaceAmount-details', true],
  ['/container/destPlaceBalance', false],
  ['/container/destPlaceBalance-Details', true],
  ['/balance', false],
  ['/balance/auditList', false],
  ['/balance/auditDetails/:id', true],
  ['/balance/balanceBill', false],
  ['/balance/writeoffBill', false],
  ['/balance/loadBalance', false],
  ['/balance/loadBalanceDetails/:id', true],
  ['/balance/balancAll', false],
  ['/balance/bill-add', true],
  ['/balance/bill-edit/:id', true],
  ['/balance/bill-details/:id', true],
  ['/balance/customSettList', false],
  ['/balance/agentSettList', false],
  ['/balance/loadStat', false],
  ['/bas', false],
  ['/bas/agent-mark', false],
  ['/bas/agent-add', true],
  ['/bas/agent-edit/:id', true],
  ['/bas/agent-detail/:id', true],
  ['/bas/custom-mark', false],
  ['/bas/custom-add', true],
  ['/bas/custom-edit/:id', true],
  ['/bas/custom-detail/:id', true],
  ['/bas/price-list', false],
  ['/bas/price-add', true],
  ['/bas/price-edit/:id', true],
  ['/bas/price-details/:id', true],
  ['/bas/price-batch', true],
  ['/bas/contPriceList', false],
  ['/bas/contPriceAdd', true],
  ['/bas/contPriceEdit/:id', true],
  ['/bas/driver-list', false],
  ['/bas/driver-add', true],
  ['/bas/driver-edit/:id', true],
  ['/bas/driver-details/:id', true],
  ['/bas/vehicle-list', false],
  ['/bas/vehicle-add', true],
  ['/bas/vehicle-edit/:id', true],
  ['/bas/vehicle-details/:id', true],
  ['/bas/insurance-list', false],
  ['/bas/insurance-add', true],
  ['/bas/insurance-edit/:id', true],
  ['/bas/insurance-details/:id', true],
  ['/bas/payinfo-list', false],
  ['/bas/payinfo-add', true],
  ['/bas/payinfo-edit/:id', true],
  ['/bas/payinfo-details/:id', true],
  ['/bas/currate-list', false],
  ['/bas/currate-add', true],
  ['/bas/currate-edit/:id', true],
  ['/bas/currate-details/:id', true],
  ['/bas/fee-list', false],
  ['/bas/message-list', false],
  ['/system', false],
  ['/system/user', false],
  ['/system/user/user-auth/:userId', true],
  ['/system/role', false],
  ['/system/role-auth/:roleId', true],
  ['/system/menu', false],
  ['/system/dept', false],
  ['/system/log-list', false],
  ['/system/online', false],
  ['/system/dict-list', false],
  ['/system/dict-data/:dictId', true],
  ['/system/post-list', false],
  ['/system/config-list', false],
];

// Route keys of spec §6 and the keys the screens docs give (a few are shared by two screens).
const ROUTE_KEYS: readonly (readonly [string, string])[] = [
  ['/bus/orderAdd', 'bus:orderAdd'],
  ['/bus/orderEdit', 'order:edit'],
  ['/bus/orderInfo', 'order:info'],
  ['/bus/orderDetails', 'order:info'],
  ['/bus/loadplanList', 'bus:loadplan'],
  ['/bus/loadplanAdd', 'loadplan:add'],
  ['/bus/loadplanDetails', 'loadplan:info'],
  ['/bus/loadList', 'bus:load'],
  ['/bus/loadDetails', 'load:info'],
  ['/bus/orderList', 'bus:order'],
  ['/bus/track-list', 'bus:track'],
  ['/bus/track-details', 'track:info'],
  ['/bus/arriveList', 'bus:arrive'],
  ['/bus/arriveDetails', 'arrive:info'],
  ['/bus/sign-list', 'bus:sign'],
  ['/bus/exception-list', 'bus:exception'],
  ['/bus/deliveryfree', 'bus:feeRecord'],
  ['/container/leftAddr-add', 'container:leftAddr:add'],
  ['/container/leftAddr-details', 'container:leftAddr:info'],
  ['/balance/auditList', 'bus:audit'],
  ['/balance/auditDetails/:id', 'audit:info'],
  ['/balance/balanceBill', 'bus:balancebill'],
  ['/balance/balancAll', 'bus:balance'],
  ['/balance/bill-edit/:id', 'bill:edit'],
  ['/balance/customSettList', 'bal:custom'],
  ['/balance/agentSettList', 'bal:agent'],
  ['/bas/agent-mark', 'bas:agentMark'],
  ['/bas/custom-detail/:id', 'bas:customMark:info'],
  ['/bas/price-batch', 'bas:price:batch'],
  ['/bas/currate-edit/:id', 'bas:currate:edit'],
  ['/bas/fee-list', 'bas:fee'],
  ['/system/user', 'system:user:list'],
  ['/system/user/user-auth/:userId', 'system:user:edit'],
  ['/system/role-auth/:roleId', 'system:role:edit'],
  ['/system/dept', 'system:dept'],
  ['/system/log-list', 'system:log:list'],
  ['/system/online', 'monitor:online:list'],
  ['/system/dict-data/:dictId', 'system:dict:list'],
  ['/system/config-list', 'system:config:list'],
];

// A sample of the button keys both screens docs list (§5 of each).
const BUTTON_KEYS = [
  'bus:orderAdd:sure',
  'bus:inOrder:plan',
  'bus:load:exportBill',
  'bus:track:cancelDepart',
  'bus:sign:batch',
  'bus:order:stepBack',
  'bus:feeRecord:save',
  'container:destPlacePay:complete',
  'container:destPlaceBalance:writeoff',
  'bus:fee:view',
  'bus:audit:approve',
  'bus:audit:exportCargo',
  'bus:balancebill:cancelSettle',
  'bus:loadBalance:exportBill',
  'bus:balance:otherFee',
  'bal:agent:cancel',
  'bus:loadStat:editFee',
  'bas:fee:remove',
  'bas:message:add',
  'bas:customMark:export',
  'bas:contPrice:remove',
  'system:user:add',
  'system:user:resetPwd',
  'system:log:query',
  'system:log:unlock',
  'system:config:export',
  'system:dept:remove',
  'monitor:online:forceLogout',
];

describe('menu seed', () => {
  it('has unique keys, dotted by tree position', () => {
    const keys = MENUS.map((m) => m.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const m of MENUS) {
      expect(m.key.length).toBeLessThanOrEqual(120);
      if (m.parent) expect(m.key.startsWith(`${m.parent.key}.`), m.key).toBe(true);
      else expect(m.key).not.toContain('.');
    }
  });

  it('puts directories at the top, screens under directories, buttons under screens or directories', () => {
    for (const m of MENUS) {
      if (m.type === 'M') expect(m.parent, m.key).toBeUndefined();
      if (m.type === 'C') expect(m.parent?.type, m.key).toBe('M');
      if (m.type === 'F') {
        expect(m.parent?.type, m.key).toMatch(/^[MC]$/);
        expect(m.children ?? [], m.key).toEqual([]);
      }
    }
    expect(MENU_SEED.map((m) => m.path)).toEqual(['/bus', '/container', '/balance', '/bas', '/system']);
  });

  it('gives every C and F entry a permission key, and every F key once', () => {
    for (const m of MENUS.filter((e) => e.type !== 'M')) {
      expect(m.perms, m.key).toMatch(/^[a-zA-Z*]+(:[a-zA-Z*]+){1,2}$/);
      expect(m.perms!.length).toBeLessThanOrEqual(100);
    }
    const buttons = MENUS.filter((m) => m.type === 'F').map((m) => m.perms!);
    expect(new Set(buttons).size).toBe(buttons.length);
  });

  it('orders siblings 1..n without gaps or repeats', () => {
    const check = (siblings: readonly MenuSeed[]) => {
      const orders = siblings.filter((s) => s.key !== 'balance.fee-view').map((s) => s.order);
      expect(orders).toEqual(orders.map((_, i) => i + 1));
      for (const s of siblings) check(s.children ?? []);
    };
    check(MENU_SEED);
  });

  it('gives directories a redirect into their own group and icons to M and C entries', () => {
    const redirects = Object.fromEntries(MENU_SEED.map((m) => [m.path, m.redirect]));
    expect(redirects).toEqual({
      '/bus': '/bus/orderAdd',
      '/container': '/container/leftAddr-list',
      '/balance': '/balance/auditList',
      '/bas': '/bas/agent-mark',
      '/system': '/system/user',
    });
    const paths = new Set(MENUS.map((m) => m.fullPath));
    for (const m of MENU_SEED) expect(paths.has(m.redirect), m.redirect).toBe(true);
    const icons = existsSync(ANTD_ICONS_DIR)
      ? new Set(readdirSync(ANTD_ICONS_DIR).map((f) => f.replace(/Outlined\.js$/, '')))
      : undefined;
    for (const m of MENUS.filter((e) => e.type !== 'F')) {
      expect(m.icon, m.key).toMatch(/^[A-Z][A-Za-z]+$/);
      if (icons) expect(icons.has(m.icon!), `${m.key}: ${m.icon}`).toBe(true);
    }
  });

  it('names components <group>/<route> and title keys menu_<route>', () => {
    for (const m of MENUS.filter((e) => e.type === 'C')) {
      const route = m.key.split('.')[1];
      expect(m.component, m.key).toBe(`${m.parent!.key}/${route}`);
      expect(m.titleKey).toBe(menuTitleKey(route));
      expect(m.path!.startsWith('/'), m.key).toBe(false);
    }
    for (const m of MENUS.filter((e) => e.type === 'M')) expect(m.titleKey).toBe(`menu_${m.key}`);
    for (const m of MENUS.filter((e) => e.type === 'F')) expect(m.titleKey).toBe(permTitleKey(m.perms!));
    const titleKeys = MENUS.map((m) => m.titleKey);
    expect(new Set(titleKeys).size).toBe(titleKeys.length);
    for (const key of titleKeys) expect(key).toMatch(/^[a-z][a-z0-9_]*$/);
  });

  it('keeps names within the menuName column (50)', () => {
    for (const m of MENUS) {
      expect(m.name.trim(), m.key).not.toBe('');
      expect(m.name.length, m.key).toBeLessThanOrEqual(50);
    }
  });

  it.each(ROUTES)('has the route %s (hidden: %s)', (path, hidden) => {
    const entry = MENUS.find((m) => m.fullPath === path);
    expect(entry, path).toBeDefined();
    expect(entry!.hidden ?? false).toBe(hidden);
  });

  it('has no route beyond the table', () => {
    const listed = new Set(ROUTES.map(([p]) => p));
    const extra = MENUS.filter((m) => m.type !== 'F' && !listed.has(m.fullPath!)).map((m) => m.fullPath);
    expect(extra).toEqual([]);
  });

  it.each(ROUTE_KEYS)('guards %s with %s', (path, perms) => {
    expect(MENUS.find((m) => m.fullPath === path)?.perms).toBe(perms);
  });

  it.each(BUTTON_KEYS)('has the button %s', (perms) => {
    expect(MENUS.some((m) => m.type === 'F' && m.perms === perms)).toBe(true);
  });

  it('has a button for every action key of the screens docs: list key plus action', () => {
    for (const m of MENUS.filter((e) => e.type === 'F' && e.parent?.type === 'C')) {
      const parent = m.parent!;
      const prefix = parent.perms!.replace(/:list$/, '');
      expect(m.perms, m.key).toBe(`${prefix}:${m.key.split('.').at(-1)}`);
    }
  });
});

describe('translation sheet', () => {
  // Read as the app reads it (RFC 4180: quoted fields may hold commas, quotes and line breaks).
  const rows = parseCsv(readFileSync(CSV_PATH, 'utf8'));

  it('has the header key,zh-cn,th,en', () => {
    expect(rows[0]).toEqual(['key', 'zh-cn', 'th', 'en']);
  });

  it('has every menu title key exactly once, zh-cn equal to the menu name, th and en filled', () => {
    const byKey = new Map<string, string[][]>();
    for (const row of rows.slice(1)) byKey.set(row[0], [...(byKey.get(row[0]) ?? []), row]);
    for (const m of MENUS) {
      const found = byKey.get(m.titleKey) ?? [];
      expect(found.length, m.titleKey).toBe(1);
      const [, zh, th, en] = found[0];
      expect(zh, m.titleKey).toBe(m.name);
      expect(th?.trim(), m.titleKey).toBeTruthy();
      expect(en?.trim(), m.titleKey).toBeTruthy();
      expect(th, m.titleKey).toMatch(/[\u0E00-\u0E7F]/);
    }
  });
});
