import { describe, expect, it, vi } from 'vitest';
import { answerConfirm } from '../../../test/feedback-spy';
import { withTestSession } from '../shared/test-session';
import { cancelDepartureAction, latestMilestone } from './actions';
import type { TMilestone } from './api';

/**
 * Cancel departure (A16) from track-list / track-details: only on a departed load whose 'departed' milestone is the
 * latest one; P-cancelDepart names the container; the call deletes that milestone.
 */
const api = vi.hoisted(() => ({ deleteMilestone: vi.fn(), fetchMilestones: vi.fn() }));
vi.mock('./api', () => api);

const milestone = (id: number, trackStatus: string, trackTime: string, auto: '0' | '1'): TMilestone => ({
  id,
  loadId: 5,
  trackStatus,
  trackTime,
  trackRemark: '',
  auto,
  version: 1,
  createBy: 'admin',
  createTime: trackTime,
  updateBy: '',
  messageCount: 0,
});
const loaded = milestone(1, '4', '2026-11-19T15:00:00.000Z', '1');
const departed = milestone(2, '5', '2026-11-20T03:00:00.000Z', '1');
const cleared = milestone(3, '11', '2026-11-21T03:00:00.000Z', '0');
const load = { id: 5, loadNo: 'LD2611230005', containerNo: 'CSNU7345215', truckNo: '', status: 3 };

const toasts = withTestSession(null, () => {
  api.deleteMilestone.mockReset().mockResolvedValue({});
  api.fetchMilestones.mockReset();
});

describe('cancelDepartureAction', () => {
  it('deletes the departed milestone after P-cancelDepart when it is the latest', async () => {
    api.fetchMilestones.mockResolvedValue([loaded, departed]);
    const onDone = vi.fn();
    answerConfirm(toasts.modal, true);
    expect(await cancelDepartureAction(load, onDone)).toBe(true);
    expect((toasts.modal.confirm.mock.calls[0]![0] as { content: string }).content).toBe(
      '确认取消 CSNU7345215 的发车？',
    );
    expect(api.deleteMilestone).toHaveBeenCalledWith(2, { silent: true });
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('refuses while a later milestone exists, naming the load, and calls nothing', async () => {
    expect(await cancelDepartureAction(load, vi.fn(), [loaded, departed, cleared])).toBe(false);
    expect(toasts.message.warning).toHaveBeenCalledWith(expect.stringContaining('LD2611230005'));
    expect(toasts.modal.confirm).not.toHaveBeenCalled();
    expect(api.deleteMilestone).not.toHaveBeenCalled();
  });

  it('refuses a load that has not departed without asking the server', async () => {
    expect(await cancelDepartureAction({ ...load, status: 2 }, vi.fn())).toBe(false);
    expect(api.fetchMilestones).not.toHaveBeenCalled();
    expect(api.deleteMilestone).not.toHaveBeenCalled();
  });

  it('sends nothing when the prompt is cancelled', async () => {
    answerConfirm(toasts.modal, false);
    expect(await cancelDepartureAction(load, vi.fn(), [loaded, departed])).toBe(false);
    expect(api.deleteMilestone).not.toHaveBeenCalled();
  });
});

describe('latestMilestone', () => {
  it('is the newest by time, then by id', () => {
    expect(latestMilestone([loaded, cleared, departed])?.id).toBe(3);
    const twin = milestone(4, '12', cleared.trackTime as string, '0');
    expect(latestMilestone([cleared, twin])?.id).toBe(4);
    expect(latestMilestone([])).toBeUndefined();
  });
});
