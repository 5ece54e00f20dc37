import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// antd tables render slowly in jsdom, more so while other test runs share the machine.
vi.setConfig({ testTimeout: 30_000 });

import { ApiError, type TableResponse } from '../../lib/request';
import { authStore, clearSession } from '../../lib/session';
import { answerConfirm, spyFeedback } from '../../test/feedback-spy';
import { answerRequests, renderRouted, Where } from '../../test/render';
import { ListPage, listParams } from './ListPage';
import type { ListPageProps } from './types';
import { readListState, writeListState } from './url-state';

/** <ListPage>: search in the URL, pager, permission-gated toolbar, fee columns, state actions. */
interface Row {
  id: number;
  transportId: string;
  status: string;
  feeArAmount: string;
  feeCurrency: string;
}

const rows: Row[] = [
  { id: 1, transportId: 'TH001', status: '0', feeArAmount: '1234.5', feeCurrency: 'RMB' },
  { id: 2, transportId: 'TH002', status: '1', feeArAmount: '-20', feeCurrency: 'THB' },
];

let fb: ReturnType<typeof spyFeedback>;
let fetcher: ReturnType<typeof vi.fn<(params: Record<string, unknown>) => Promise<TableResponse<Row>>>>;

beforeEach(() => {
  fb = spyFeedback();
  fetcher = vi.fn(async () => ({ code: 200, msg: 'ok', rows, total: 45 }));
  answerRequests(() => ({ code: 200, msg: 'ok', data: [] }));
  authStore.set({ permissions: ['bus:order', 'bus:order:confirm'], roles: ['sales'], isFeeRole: false });
});
afterEach(() => {
  fb.restore();
  clearSession();
});

function renderList(props: Partial<ListPageProps<Row>> = {}, url = '/bus/orderList') {
  return renderRouted(
    url,
    <>
      <ListPage<Row>
        id="test/orders"
        queryKey={['test', 'list']}
        fetcher={fetcher}
        rowKey="id"
        defaultSort={{ column: 'orderTime', order: 'desc' }}
        searchFields={[
          { type: 'numbers', name: 'transportId', label: 'field_mark' },
          { name: 'consignee', label: 'field_contact' },
          { type: 'dateRange', name: 'orderTime', label: 'created_at' },
        ]}
        columns={[
          { key: 'transportId', title: 'field_mark' },
          { key: 'status', title: 'status' },
          {
            key: 'feeArAmount',
            title: 'field_credt_limit',
            type: 'money',
            currency: (r) => r.feeCurrency,
            fee: true,
            sortable: true,
          },
        ]}
        toolbar={[
          { key: 'confirm', label: 'confirm', perm: 'bus:order:confirm', selection: 'multiple', onClick: vi.fn() },
          { key: 'remove', label: 'delete', perm: 'bus:order:remove', onClick: vi.fn() },
        ]}
        {...props}
      />
      <Where part="search" />
    </>,
  );
}

describe('list state in the URL', () => {
  const o = { urlKey: '' as const, filterNames: ['status', 'beginTime', 'endTime'] };
  it('reads defaults when the URL holds nothing of the list', () => {
    expect(readListState(new URLSearchParams('id=3'), { ...o, defaultFilters: { status: '1' } })).toEqual({
      filters: { status: '1' },
      pageNum: 1,
      pageSize: 20,
      orderByColumn: undefined,
      isAsc: undefined,
    });
  });
  it('writes and reads back, leaving other keys alone', () => {
    const written = writeListState(
      new URLSearchParams('tab=a'),
      { filters: { status: '2' }, pageNum: 3, pageSize: 50, orderByColumn: 'x', isAsc: 'desc' },
      o,
    );
    expect(written.get('tab')).toBe('a');
    expect(readListState(written, o)).toEqual({
      filters: { status: '2' },
      pageNum: 3,
      pageSize: 50,
      orderByColumn: 'x',
      isAsc: 'desc',
    });
  });
  it('refuses page sizes outside 10/20/30/50', () => {
    expect(readListState(new URLSearchParams('pageSize=1000&pageNum=2'), o).pageSize).toBe(20);
  });
  it('sends date ranges as params[beginTime]/params[endTime] for whole days', () => {
    const params = listParams(
      { filters: { beginTime: '2026-11-01', endTime: '2026-11-30', status: '1' }, pageNum: 1, pageSize: 20 },
      [{ type: 'dateRange', name: 'orderTime', label: 'x' }],
    );
    expect(params).toEqual({
      status: '1',
      pageNum: 1,
      pageSize: 20,
      params: { beginTime: '2026-11-01', endTime: '2026-11-30' },
    });
  });
});

describe('<ListPage>', () => {
  it('loads with the default page size and sort, and shows the pager', async () => {
    renderList();
    expect(await screen.findByText('TH001')).toBeTruthy();
    expect(fetcher).toHaveBeenCalledWith({ pageNum: 1, pageSize: 20, orderByColumn: 'orderTime', isAsc: 'desc' });
    const pager = screen.getByTestId('list-pagination');
    expect(within(pager).getByText('共 45 条')).toBeTruthy();
    expect(within(pager).getByText('20 条/页')).toBeTruthy();
    expect(pager.querySelector('.ant-pagination-options-quick-jumper')).toBeTruthy();
  });

  it('keeps the search in the URL and starts again at page 1', async () => {
    renderList({}, '/bus/orderList?pageNum=2');
    await screen.findByText('TH001');
    const form = screen.getByTestId('list-search');
    fireEvent.change(within(form).getAllByRole('textbox')[0], { target: { value: 'TH001,TH002' } });
    fireEvent.click(screen.getByTestId('list-search-submit'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toContain('transportId=TH001%2CTH002'));
    expect(screen.getByTestId('where').textContent).toContain('pageNum=1');
    await waitFor(() =>
      expect(fetcher).toHaveBeenLastCalledWith(expect.objectContaining({ transportId: 'TH001,TH002', pageNum: 1 })),
    );
  });

  it('restores the form from the URL', async () => {
    renderList({}, '/bus/orderList?consignee=%E5%BC%A0%E4%B8%89&pageNum=1');
    await screen.findByText('TH001');
    expect(fetcher).toHaveBeenCalledWith(expect.objectContaining({ consignee: '张三' }));
    expect((screen.getByDisplayValue('张三') as HTMLInputElement).value).toBe('张三');
  });

  it('refuses other separators in number boxes', async () => {
    renderList();
    await screen.findByText('TH001');
    const form = screen.getByTestId('list-search');
    fireEvent.change(within(form).getAllByRole('textbox')[0], { target: { value: 'TH001，TH002' } });
    fireEvent.click(screen.getByTestId('list-search-submit'));
    expect(await screen.findByText('多个单号请用英文逗号隔开')).toBeTruthy();
  });

  it('asks for a condition when the list requires one, and does not load before', async () => {
    renderList({ requireCondition: true });
    expect(await screen.findAllByText('请至少输入一个查询条件')).toBeTruthy();
    fireEvent.click(screen.getByTestId('list-search-submit'));
    await waitFor(() => expect(fb.message.warning).toHaveBeenCalledWith('请至少输入一个查询条件'));
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('drops fee columns for users without the fee role', async () => {
    renderList();
    await screen.findByText('TH001');
    expect(screen.queryByText('1,234.50')).toBeNull();
    expect(screen.queryByText('信用额度')).toBeNull();
  });

  it('shows fee columns as money to the fee role, with server sorting', async () => {
    authStore.set({ isFeeRole: true });
    renderList();
    expect(await screen.findByText('1,234.50')).toBeTruthy();
    expect(screen.getByText('-20.00').className).toContain('money-negative');
    fireEvent.click(screen.getByRole('columnheader', { name: /信用额度/ }));
    await waitFor(() =>
      expect(fetcher).toHaveBeenLastCalledWith(expect.objectContaining({ orderByColumn: 'feeArAmount', isAsc: 'asc' })),
    );
  });

  it('shows toolbar buttons by permission and asks to select rows first', async () => {
    const onClick = vi.fn();
    renderList({
      toolbar: [
        { key: 'confirm', label: 'confirm', perm: 'bus:order:confirm', selection: 'multiple', onClick },
        { key: 'remove', label: 'delete', perm: 'bus:order:remove', onClick },
      ],
    });
    await screen.findByText('TH001');
    expect(screen.queryByTestId('list-btn-remove')).toBeNull();
    fireEvent.click(screen.getByTestId('list-btn-confirm'));
    expect(fb.message.warning).toHaveBeenCalledWith('请先选择数据');
    expect(onClick).not.toHaveBeenCalled();
    fireEvent.click(screen.getAllByRole('checkbox')[1]);
    expect(await screen.findByTestId('list-selection')).toBeTruthy();
    fireEvent.click(screen.getByTestId('list-btn-confirm'));
    expect(onClick).toHaveBeenCalledWith(expect.objectContaining({ selectedRows: [rows[0]] }));
  });

  it('hides and shows the search form, and hides columns from the picker', async () => {
    renderList();
    await screen.findByText('TH001');
    fireEvent.click(screen.getByTestId('list-toggle-search'));
    expect(screen.queryByTestId('list-search')).toBeNull();
    fireEvent.click(screen.getByTestId('list-columns'));
    const box = await screen.findByRole('checkbox', { name: '状态' });
    fireEvent.click(box);
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: '状态' })).toBeNull());
    expect(JSON.parse(localStorage.getItem('THEONE-columns-test/orders') ?? '[]')).toEqual(['status']);
  });

  it('runs a state action: check, confirm, call, toast, refetch, clear', async () => {
    const run = vi.fn(async () => undefined);
    renderList({
      toolbar: [
        {
          key: 'confirm',
          label: 'confirm',
          perm: 'bus:order:confirm',
          onClick: (ctx) => ctx.runAction({ check: (r) => r.status === '0', confirm: 'confirm_approve', run }),
        },
      ],
    });
    await screen.findByText('TH001');
    fireEvent.click(screen.getAllByRole('checkbox')[2]);
    fireEvent.click(screen.getByTestId('list-btn-confirm'));
    await waitFor(() => expect(fb.message.warning).toHaveBeenCalledWith('所选数据状态不符，请重新选择'));
    expect(run).not.toHaveBeenCalled();

    fireEvent.click(screen.getAllByRole('checkbox')[2]);
    fireEvent.click(screen.getAllByRole('checkbox')[1]);
    answerConfirm(fb.modal, true);
    const calls = fetcher.mock.calls.length;
    fireEvent.click(screen.getByTestId('list-btn-confirm'));
    await waitFor(() => expect(fb.message.success).toHaveBeenCalledWith('操作成功'));
    expect(fb.modal.confirm).toHaveBeenCalledWith(
      expect.objectContaining({ title: '提示', content: '确认审核选中的 1 条数据？' }),
    );
    expect(run).toHaveBeenCalledWith([rows[0]], { silent: true });
    await waitFor(() => expect(fetcher.mock.calls.length).toBeGreaterThan(calls));
    expect(screen.queryByTestId('list-selection')).toBeNull();
  });

  it('says "changed by someone else" on HTTP 409 and reloads', async () => {
    const run = vi.fn(async () => {
      throw new ApiError('x', { kind: 'error', code: 500, status: 409, errorCode: 'CHANGED_RELOAD', handled: false });
    });
    renderList({
      toolbar: [{ key: 'go', label: 'confirm', onClick: (ctx) => ctx.runAction({ confirm: false, run }) }],
    });
    await screen.findByText('TH001');
    fireEvent.click(screen.getAllByRole('checkbox')[1]);
    const calls = fetcher.mock.calls.length;
    fireEvent.click(screen.getByTestId('list-btn-go'));
    await waitFor(() => expect(fb.message.error).toHaveBeenCalledWith('数据已被他人修改，请刷新后重试'));
    await waitFor(() => expect(fetcher.mock.calls.length).toBeGreaterThan(calls));
  });

  it('does nothing when the prompt is cancelled', async () => {
    const run = vi.fn(async () => undefined);
    renderList({ toolbar: [{ key: 'go', label: 'confirm', onClick: (ctx) => ctx.runAction({ run }) }] });
    await screen.findByText('TH001');
    fireEvent.click(screen.getAllByRole('checkbox')[1]);
    answerConfirm(fb.modal, false);
    fireEvent.click(screen.getByTestId('list-btn-go'));
    await waitFor(() => expect(fb.modal.confirm).toHaveBeenCalled());
    expect(run).not.toHaveBeenCalled();
  });

  it('changes the page size from the pager', async () => {
    renderList();
    await screen.findByText('TH001');
    fireEvent.mouseDown(within(screen.getByTestId('list-pagination')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('50 条/页'));
    await waitFor(() =>
      expect(fetcher).toHaveBeenLastCalledWith(expect.objectContaining({ pageSize: 50, pageNum: 1 })),
    );
  });
});
