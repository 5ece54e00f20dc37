import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ListContext } from '../../../components/ListPage';
import type { TOrder } from './api';
import { rowActions, toolbar } from './list-actions';

/** The order lists' state changes: one table serves the toolbar (the selection) and the row actions (one row). */
const api = vi.hoisted(() => ({
  setStatus: vi.fn(),
  deleteOrders: vi.fn(),
  refetchPrices: vi.fn(),
  recalculate: vi.fn(),
}));
vi.mock('./api', async (original) => ({ ...(await original<typeof import('./api')>()), ...api }));

const order = (id: number, status: number) =>
  ({ id, status, version: id * 10, auditStatus: 0, ifException: 0, transportId: `T${id}` }) as unknown as TOrder;
const rows = [order(1, 0), order(2, 0)];
const config = { headers: {} };

/** A list context whose runAction records its options and runs the call on the given (or selected) rows. */
function context() {
  const runAction = vi.fn(
    async (o: { rows?: readonly TOrder[]; run: (r: readonly TOrder[], c: object) => unknown }) => {
      await o.run(o.rows ?? rows, config);
      return true;
    },
  );
  return { ctx: { selectedRows: rows, runAction } as unknown as ListContext<TOrder>, runAction };
}

beforeEach(() => vi.clearAllMocks());

describe('toolbar state changes', () => {
  it('confirm: primary, the default permission, checked, prompted, one status call with the versions', async () => {
    const button = toolbar.confirm();
    expect(button).toMatchObject({ key: 'confirm', label: 'bus_btn_confirm', perm: 'bus:unOrder:sure' });
    expect(button).toMatchObject({ type: 'primary', selection: 'multiple' });
    expect(button.danger).toBeUndefined();
    const { ctx, runAction } = context();
    await button.onClick?.(ctx);
    const options = runAction.mock.calls[0]![0] as unknown as Record<string, unknown>;
    expect(options).toMatchObject({ confirm: 'bus_confirm_orders', wrongState: expect.any(String) });
    expect(options.danger).toBeUndefined();
    expect(api.setStatus).toHaveBeenCalledWith([1, 2], { status: 1, action: 'confirm', versions: [10, 20] }, config);
  });

  it('back to staged, cancel receipt, delete: their keys, permissions, danger and calls', async () => {
    const cases = [
      [toolbar.backToStaged(), 'unconfirm', 'bus:unOrder:unsure', false],
      [toolbar.cancelReceipt(), 'cancelReceipt', 'bus:inOrder:cancel', true],
      [toolbar.remove('bus:x:delete'), 'delete', 'bus:x:delete', true],
    ] as const;
    for (const [button, key, perm, danger] of cases) {
      expect(button).toMatchObject({ key, perm, selection: 'multiple' });
      expect(button.type).toBeUndefined();
      expect(Boolean(button.danger)).toBe(danger);
      const { ctx, runAction } = context();
      await button.onClick?.(ctx);
      expect(Boolean((runAction.mock.calls[0]![0] as { danger?: boolean }).danger)).toBe(danger);
    }
    expect(api.setStatus).toHaveBeenCalledWith(
      [1, 2],
      { status: 0, action: 'backToStaged', versions: [10, 20] },
      config,
    );
    expect(api.setStatus).toHaveBeenCalledWith(
      [1, 2],
      { status: 1, action: 'cancelReceipt', versions: [10, 20] },
      config,
    );
    expect(api.deleteOrders).toHaveBeenCalledWith([1, 2], config);
  });

  it('fetch price and recalculate take the screen permission', async () => {
    const fetch = toolbar.fetchPrice('bus:order:price');
    const again = toolbar.recalculate('bus:order:price');
    expect(fetch).toMatchObject({ key: 'fetchPrice', label: 'btn_fetch_price', perm: 'bus:order:price' });
    expect(again).toMatchObject({ key: 'recalculate', label: 'btn_recalculate', perm: 'bus:order:price' });
    await fetch.onClick?.(context().ctx);
    await again.onClick?.(context().ctx);
    expect(api.refetchPrices).toHaveBeenCalledWith([1, 2], config);
    expect(api.recalculate).toHaveBeenCalledWith([1, 2], config);
  });

  it('onSelection hands a copy of the selected rows to the dialog', () => {
    const open = vi.fn();
    const button = toolbar.onSelection('plan', 'load_btn_add_to_plan', 'bus:inOrder:plan', open);
    expect(button).toMatchObject({ key: 'plan', label: 'load_btn_add_to_plan', perm: 'bus:inOrder:plan' });
    expect(button.selection).toBe('multiple');
    void button.onClick?.(context().ctx);
    expect(open).toHaveBeenCalledWith(rows);
    expect(open.mock.calls[0]![0]).not.toBe(rows);
  });
});

describe('row state changes', () => {
  it('confirm, back to staged and delete are shown when the row may take them, and act on that row', async () => {
    const staged = order(3, 0);
    const confirmed = order(4, 1);
    expect(rowActions.confirm()).toMatchObject({ key: 'confirm', perm: 'bus:unOrder:sure' });
    expect(rowActions.confirm().hidden?.(staged)).toBe(false);
    expect(rowActions.confirm().hidden?.(confirmed)).toBe(true);
    expect(rowActions.backToStaged()).toMatchObject({ key: 'unconfirm', perm: 'bus:unOrder:unsure' });
    expect(rowActions.backToStaged().hidden?.(confirmed)).toBe(false);
    expect(rowActions.remove()).toMatchObject({ key: 'delete', perm: 'bus:unOrder:delete', danger: true });

    const { ctx, runAction } = context();
    await rowActions.backToStaged().onClick(confirmed, ctx);
    expect(runAction.mock.calls[0]![0]).toMatchObject({ rows: [confirmed], confirm: 'bus_confirm_unconfirm' });
    expect(api.setStatus).toHaveBeenCalledWith([4], { status: 0, action: 'backToStaged', versions: [40] }, config);
    await rowActions.remove().onClick(staged, ctx);
    expect(runAction.mock.calls[1]![0]).toMatchObject({ rows: [staged], confirm: 'confirm_delete', danger: true });
    expect(api.deleteOrders).toHaveBeenCalledWith([3], config);
  });

  it('step back: S1 back to staged, S2 cancels the receipt, without the danger mark', async () => {
    const { ctx, runAction } = context();
    await rowActions.stepBack().onClick(order(5, 1), ctx);
    await rowActions.stepBack().onClick({ ...order(6, 2), markId: 9 } as TOrder, ctx);
    expect(runAction.mock.calls[0]![0]).toMatchObject({ confirm: 'bus_confirm_unconfirm' });
    expect(runAction.mock.calls[1]![0]).toMatchObject({ confirm: 'bus_confirm_unreceive' });
    expect((runAction.mock.calls[1]![0] as { danger?: boolean }).danger).toBeUndefined();
    expect(api.setStatus).toHaveBeenCalledWith([5], { status: 0, action: 'backToStaged', versions: [50] }, config);
    expect(api.setStatus).toHaveBeenCalledWith([6], { status: 1, action: 'cancelReceipt', versions: [60] }, config);
  });
});
