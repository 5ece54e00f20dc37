import { render } from '@testing-library/react';
import { ORDER_LIST_VIEW_FIELDS, ZOrderDetail, ZOrderRow } from '@theone/contracts';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ListContext } from '../../../components/ListPage';
import type { TOrder } from './api';
import { orderListColumns, orderListRowActions, orderListToolbar } from './order-list-view';

/**
 * The server answers the view orderList with the fields of ORDER_LIST_VIEW_FIELDS only (a narrower row than the
 * other views'). Everything the screen shows or checks is run here on a row that throws when an order field outside
 * that list is read: a column, a guard or a call reading one fails this test instead of showing an empty cell.
 */
const api = vi.hoisted(() => ({ setStatus: vi.fn(), refetchPrices: vi.fn(), recalculate: vi.fn() }));
vi.mock('./api', async (original) => ({ ...(await original<typeof import('./api')>()), ...api }));
const navigation = vi.hoisted(() => ({ navigateTo: vi.fn() }));
vi.mock('../../../lib/navigation', () => navigation);
vi.mock('../../../lib/download', () => ({ download: vi.fn(), exportFileName: (name: string) => name }));

const orderFields = new Set([...Object.keys(ZOrderDetail.shape), ...Object.keys(ZOrderRow.shape)]);
const viewFields: ReadonlySet<string> = new Set(ORDER_LIST_VIEW_FIELDS);
const reads: string[] = [];

/** A row of the view orderList (status `status`): reading an order field it does not carry throws, naming it. */
function viewRow(status: number): TOrder {
  const values: Record<string, unknown> = {
    id: 7,
    version: 3,
    transportId: 'BN0007',
    status,
    auditStatus: 0,
    ifException: 0,
    exceptionType: '',
    markId: 5,
    topMarkId: null,
    mark: 'TH001',
    markName: '泰华',
    topMark: '',
    busType: 'SEA',
    leftAddrId: 1,
    destAddrId: 2,
    leftAddrName: '广州',
    destAddrName: '曼谷',
    consignee: 'Khun Anan',
    consigneeTel: '0812345678',
    cargoName: '玩具',
    cargoType: '1',
    cargoPiece: 3,
    cargoWeight: '260.00',
    cargoVolume: '1.300',
    arrivedPiece: 3,
    arrivedWeight: '255.50',
    arrivedVolume: '1.300',
    orderTime: '2026-11-20T02:00:00.000Z',
    arrivedTime: '2026-11-21T02:00:00.000Z',
    leftTime: null,
    preArriveTime: null,
    signTime: null,
    signPiece: null,
    containerNo: '',
    sealNo: '',
    truckNo: '',
    trayNo: '',
    expressNo: 'SF1,SF2',
    businessNo: '',
    clientNo: '',
    shipper: '',
    printTimes: 0,
    arWriteStatus: 0,
    currency: 'RMB',
    feeFreightAr: '1200.00',
    feeArAmount: '1250.00',
    rmbAmount: '1250.00',
  };
  expect(Object.keys(values).sort()).toEqual([...ORDER_LIST_VIEW_FIELDS].sort());
  const guard = (key: string | symbol) => {
    if (typeof key !== 'string' || !orderFields.has(key)) return;
    reads.push(key);
    if (!viewFields.has(key)) throw new Error(`the orderList screen reads ${key}, which its rows do not carry`);
  };
  return new Proxy(values, {
    get(target, key) {
      guard(key);
      return target[key as string];
    },
    has(target, key) {
      guard(key);
      return key in target;
    },
  }) as unknown as TOrder;
}

const show = (node: ReactNode) => render(<MemoryRouter>{node}</MemoryRouter>);

beforeEach(() => {
  vi.clearAllMocks();
  reads.length = 0;
});

describe('orderList reads only the fields of its rows (ORDER_LIST_VIEW_FIELDS)', () => {
  it('the guard row throws on an order field outside the view, and not on other keys', () => {
    const row = viewRow(2) as unknown as Record<string, unknown>;
    expect(() => row.consigneeAddr).toThrow('consigneeAddr');
    expect(() => row.missing).toThrow('missing');
    expect(row.pieces).toBeUndefined();
  });

  it.each([0, 2, 5, 8])('every column, hidden ones included, renders a row in status %i', (status) => {
    const row = viewRow(status);
    for (const column of orderListColumns) {
      const field = column.dataIndex ?? column.key;
      const value = (row as unknown as Record<string, unknown>)[field];
      if (column.render) show(column.render(value, row, 0));
      if (typeof column.currency === 'function') expect(column.currency(row)).toBe('RMB');
    }
    // the columns read the figures they show (declared and received) and the names
    expect(reads).toEqual(expect.arrayContaining(['cargoWeight', 'arrivedWeight', 'mark', 'leftAddrName']));
  });

  it.each([0, 1, 2, 3])('the row actions decide and act on a row in status %i', async (status) => {
    const row = viewRow(status);
    const runAction = vi.fn(async (o: { rows: TOrder[]; run: (rows: TOrder[], config: object) => unknown }) => {
      await o.run(o.rows, {});
      return true;
    });
    const ctx = { selectedRows: [row], runAction, refetch: vi.fn() } as unknown as ListContext<TOrder>;
    for (const action of orderListRowActions) {
      if (action.hidden?.(row)) continue;
      await action.onClick(row, ctx);
    }
    expect(navigation.navigateTo).toHaveBeenCalledWith(expect.stringContaining('id=7'));
    if (status === 1 || status === 2) expect(api.setStatus).toHaveBeenCalledWith([7], expect.anything(), {});
  });

  it('the toolbar checks the selected rows and sends their ids and versions', async () => {
    const row = viewRow(2);
    const runAction = vi.fn(
      async (o: {
        check?: (r: TOrder) => boolean;
        rowLabel?: (r: TOrder) => string;
        run?: (...a: unknown[]) => unknown;
      }) => {
        o.check?.(row);
        o.rowLabel?.(row);
        await o.run?.([row], {});
        return true;
      },
    );
    const ctx = { selectedRows: [row], runAction, refetch: vi.fn() } as unknown as ListContext<TOrder>;
    for (const button of orderListToolbar) await button.onClick?.(ctx);
    expect(api.refetchPrices).toHaveBeenCalledWith([7], {});
    expect(api.recalculate).toHaveBeenCalledWith([7], {});
    expect(reads).toEqual(expect.arrayContaining(['status', 'transportId']));
  });
});
