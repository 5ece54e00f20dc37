import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// antd renders slowly in jsdom, more so while other test runs share the machine.
vi.setConfig({ testTimeout: 30_000 });

import { Route, Routes } from 'react-router';
import { authStore, clearSession } from '../../lib/session';
import { spyFeedback } from '../../test/feedback-spy';
import { answerRequests, renderRouted, Where } from '../../test/render';
import { createPageScreen, ModalScreen, type ScreenDef } from '.';

/**
 * The screen factory: one definition gives the list (filters, columns, permission-gated buttons, link to the
 * details), the add/edit page (required message, body of blank fields and switches, edit with id and version),
 * the details page, and the list with an add/edit dialog.
 */
interface Thing {
  id: number;
  driverName: string;
  phone: string;
  status: '0' | '1';
  remark: string;
  version: number;
}

const thing: Thing = { id: 7, driverName: 'Somchai', phone: '0812345678', status: '1', remark: '', version: 3 };
const keys = { all: ['t'], lists: () => ['t', 'list'], detail: (id: string | number) => ['t', 'detail', String(id)] };

const def: ScreenDef<Thing> = {
  id: 'test/things',
  keys,
  url: '/t/thing',
  rowKey: 'id',
  perm: 't:thing',
  titles: {
    list: 'menu_driver_list',
    add: 'menu_driver_add',
    edit: 'menu_driver_edit',
    details: 'menu_driver_details',
  },
  paths: { list: '/t/list', add: '/t/add', edit: '/t/edit', details: '/t/details' },
  filters: [
    { name: 'driverName', label: 'field_driver_name' },
    { name: 'phone', label: 'field_phone' },
  ],
  columns: [
    { key: 'driverName', title: 'field_driver_name', link: true },
    { key: 'phone', title: 'field_phone' },
  ],
  defaults: { status: true },
  sections: [
    {
      fields: [
        { name: 'driverName', label: 'field_driver_name', required: true, max: 50 },
        { name: 'phone', label: 'field_phone' },
        { name: 'status', label: 'bas_enabled', kind: 'switch' },
        { name: 'remark', label: 'remark', kind: 'textarea' },
      ],
    },
  ],
  details: [
    { name: 'driverName', label: 'field_driver_name' },
    { name: 'phone', label: 'field_phone' },
  ],
};

let calls: { method: string; url: string; body: unknown }[];
let fb: ReturnType<typeof spyFeedback>;

function answer(config: InternalAxiosRequestConfig) {
  const url = config.url ?? '';
  if (url === '/t/thing/list') return { code: 200, msg: 'ok', rows: [thing], total: 1 };
  if (url === '/t/thing/7') return { code: 200, msg: 'ok', data: thing };
  return { code: 200, msg: 'ok', data: [] };
}

beforeEach(() => {
  calls = [];
  fb = spyFeedback();
  answerRequests((config) => {
    calls.push({ method: config.method ?? '', url: config.url ?? '', body: config.data && JSON.parse(config.data) });
    return answer(config);
  });
  authStore.set({ permissions: ['t:thing:add', 't:thing:edit', 't:thing:info'], roles: ['x'], isFeeRole: true });
});
afterEach(() => {
  fb.restore();
  clearSession();
});

function renderAt(url: string, routes: ReactNode) {
  renderRouted(
    url,
    <>
      <Routes>{routes}</Routes>
      <Where part="path" />
    </>,
  );
}

/** Saves the form page and gives the body it posted to `url`. */
async function savedBody(url: string) {
  fireEvent.click(screen.getByTestId('bas-form-save'));
  await waitFor(() => expect(calls.some((c) => c.url === url)).toBe(true));
  return calls.find((c) => c.url === url)!.body;
}

const pages = createPageScreen(def);
const pageRoutes = (
  <>
    <Route path="/t/list" element={<pages.List />} />
    <Route path="/t/add" element={<pages.Form />} />
    <Route path="/t/edit/:id" element={<pages.Form />} />
    <Route path="/t/details/:id" element={<pages.Details />} />
  </>
);
const button = (name: RegExp) => screen.getByRole('button', { name });

describe('a page-style definition', () => {
  it('lists with its filters and columns, links to the details, and hides buttons without the permission', async () => {
    renderAt('/t/list', pageRoutes);
    const link = await screen.findByRole('link', { name: 'Somchai' });
    expect(link.getAttribute('href')).toBe('/t/details/7');
    expect(screen.getAllByText('司机姓名').length).toBeGreaterThanOrEqual(2); // filter label and column title
    expect(screen.getAllByText('手机号码').length).toBeGreaterThanOrEqual(2);
    expect(screen.getAllByText('0812345678')).not.toHaveLength(0);
    expect(calls.find((c) => c.url === '/t/thing/list')).toBeTruthy();
    expect(button(/新增/)).toBeTruthy();
    // t:thing:remove is not granted: no Delete in the toolbar nor in the row
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
    const row = screen.getByText('0812345678').closest('tr')!;
    expect(within(row).getByText('详情')).toBeTruthy();
    expect(within(row).getByText('修改')).toBeTruthy();
    fireEvent.click(button(/新增/));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/t/add'));
  });

  it('adds: the required message, then a body with blank fields empty and the switch as its code', async () => {
    renderAt('/t/add', pageRoutes);
    await screen.findByText('新增司机');
    fireEvent.click(await screen.findByTestId('bas-form-save'));
    expect(await screen.findByText('此项为必填项')).toBeTruthy();
    expect(calls.some((c) => c.method === 'post')).toBe(false);
    fireEvent.change(screen.getByLabelText('司机姓名'), { target: { value: 'Anan' } });
    expect(await savedBody('/t/thing/add')).toEqual({
      driverName: 'Anan',
      phone: '',
      status: '0',
      remark: '',
    });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/t/list'));
    expect(fb.message.success).toHaveBeenCalled();
  });

  it('edits the loaded record with its id and version', async () => {
    renderAt('/t/edit/7', pageRoutes);
    expect(await screen.findByDisplayValue('Somchai')).toBeTruthy();
    expect(screen.getByRole('switch').getAttribute('aria-checked')).toBe('false'); // status '1': disabled
    fireEvent.change(screen.getByLabelText('手机号码'), { target: { value: '0899999999' } });
    expect(await savedBody('/t/thing/edit')).toEqual({
      driverName: 'Somchai',
      phone: '0899999999',
      status: '1',
      remark: '',
      id: 7,
      version: 3,
    });
  });

  it('shows the details with Edit for a user who may edit, and without it otherwise', async () => {
    renderAt('/t/details/7', pageRoutes);
    expect(await screen.findByText('Somchai')).toBeTruthy();
    expect(screen.getByText('司机详情')).toBeTruthy();
    expect(button(/修\s*改/)).toBeTruthy();
    authStore.set({ permissions: ['t:thing:info'], roles: ['x'], isFeeRole: true });
    await waitFor(() => expect(screen.queryByRole('button', { name: /修\s*改/ })).toBeNull());
  });
});

describe('a dialog-style definition', () => {
  it('adds in a dialog through the definition call and refreshes the list', async () => {
    const add = vi.fn(async () => undefined);
    const dialogDef: ScreenDef<Thing> = { ...def, paths: undefined, calls: { add } };
    renderAt('/t/list', <Route path="/t/list" element={<ModalScreen def={dialogDef} />} />);
    await screen.findByText('Somchai');
    const lists = () => calls.filter((c) => c.url === '/t/thing/list').length;
    const before = lists();
    fireEvent.click(button(/新增/));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('司机姓名 不能为空')).toBeTruthy();
    fireEvent.change(within(dialog).getAllByRole('textbox')[0]!, { target: { value: 'Anan' } }); // the first field
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(add).toHaveBeenCalledWith({ driverName: 'Anan', phone: '', status: '0', remark: '' }));
    await waitFor(() => expect(lists()).toBeGreaterThan(before));
  });
});
