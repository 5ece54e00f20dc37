import { describe, expect, it, vi } from 'vitest';
import { answerConfirm } from '../../../test/feedback-spy';
import { resetAll, withTestSession } from '../shared/test-session';
import { cancelContainer, cancelOrders, deleteRegistration, sureContainer, sureOrders } from './actions';

/**
 * The pick-up screens' actions: each pre-checked with the shared rules (record P-statuses, the order transition
 * map, M-insend) before its prompt and call; ticked orders go to the server grouped by their container.
 */
const api = vi.hoisted(() => ({
  sureArrive: vi.fn(),
  cancelArrive: vi.fn(),
  deleteArrive: vi.fn(),
  printThaiLabels: vi.fn(),
}));
vi.mock('./api', async (importOriginal) => ({ ...(await importOriginal<object>()), ...api }));

const record = (status: number) => ({ id: 7, status, containerNo: 'CSNU7345215', truckNo: '', loadNo: 'LD2611230005' });
const order = (id: number, status: number, arriveId: number | null, sendId: number | null = null) => ({
  id,
  version: id + 1,
  transportId: `TH2611230000${id}`,
  status,
  arriveId,
  sendId,
});

const toasts = withTestSession(null, () => resetAll(api, {}));

describe('whole-container actions', () => {
  it('confirms a picked-up container after P-arrive naming it', async () => {
    answerConfirm(toasts.modal, true);
    const onDone = vi.fn();
    expect(await sureContainer(record(1), onDone)).toBe(true);
    expect((toasts.modal.confirm.mock.calls[0]![0] as { content: string }).content).toContain('CSNU7345215');
    expect(api.sureArrive).toHaveBeenCalledWith({ arriveId: 7 }, { silent: true });
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('refuses, naming the container and without a call: confirm at P0 or P3, cancel at P1, clear at P2', async () => {
    expect(await sureContainer(record(0), vi.fn())).toBe(false);
    expect(await sureContainer(record(3), vi.fn())).toBe(false);
    expect(await cancelContainer(record(1), vi.fn())).toBe(false);
    expect(await deleteRegistration(record(2), vi.fn())).toBe(false);
    expect(toasts.message.warning).toHaveBeenCalledTimes(4);
    expect(toasts.message.warning).toHaveBeenCalledWith(expect.stringContaining('CSNU7345215'));
    expect(toasts.modal.confirm).not.toHaveBeenCalled();
    expect(api.sureArrive).not.toHaveBeenCalled();
    expect(api.cancelArrive).not.toHaveBeenCalled();
    expect(api.deleteArrive).not.toHaveBeenCalled();
  });

  it('sends nothing when the prompt is cancelled', async () => {
    answerConfirm(toasts.modal, false);
    expect(await cancelContainer(record(3), vi.fn())).toBe(false);
    expect(api.cancelArrive).not.toHaveBeenCalled();
  });
});

describe('ticked orders', () => {
  it('confirms departed orders, one call per container with their versions', async () => {
    answerConfirm(toasts.modal, true);
    expect(await sureOrders([order(1, 5, 7), order(2, 5, 8), order(3, 5, 7)], vi.fn())).toBe(true);
    expect(api.sureArrive).toHaveBeenCalledTimes(2);
    expect(api.sureArrive).toHaveBeenCalledWith({ arriveId: 7, orderIds: [1, 3], versions: [2, 4] }, { silent: true });
    expect(api.sureArrive).toHaveBeenCalledWith({ arriveId: 8, orderIds: [2], versions: [3] }, { silent: true });
  });

  it('names the orders in the wrong state and calls nothing', async () => {
    expect(await sureOrders([order(1, 5, 7), order(2, 6, 7)], vi.fn())).toBe(false);
    expect(toasts.message.warning).toHaveBeenCalledWith(expect.stringContaining('TH26112300002'));
    expect(await sureOrders([], vi.fn())).toBe(false);
    expect(api.sureArrive).not.toHaveBeenCalled();
  });

  it('refuses to cancel an order in a delivery run (M-insend) and cancels the others after P-cancelArrive', async () => {
    expect(await cancelOrders([order(1, 6, 7), order(2, 6, 7, 99)], vi.fn())).toBe(false);
    expect(toasts.message.warning).toHaveBeenCalledWith(expect.stringContaining('TH26112300002'));
    expect(api.cancelArrive).not.toHaveBeenCalled();
    answerConfirm(toasts.modal, true);
    expect(await cancelOrders([order(1, 6, 7)], vi.fn())).toBe(true);
    expect(api.cancelArrive).toHaveBeenCalledWith(7, { orderIds: [1], versions: [2] }, { silent: true });
  });
});
