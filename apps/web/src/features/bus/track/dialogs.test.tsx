import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { answerConfirm } from '../../../test/feedback-spy';
import { ADMIN_SESSION, cancelThePrompt, resetAll, withTestSession } from '../shared/test-session';
import { commonMilestones, DepartDialog, EtaDialog, MilestoneDialog, type TJourneyLoad } from './dialogs';

/**
 * The journey dialogs of track-list / track-details: confirm departure (time defaults to now, P-depart, then
 * `track/save` with every selected load), add milestone (picker limited to the milestones that fit every selected
 * load's transport mode, `track/saveDetail`), change ETA (`track/upatePreArriveTime`).
 */
vi.setConfig({ testTimeout: 30_000 });

const api = vi.hoisted(() => ({
  confirmDeparture: vi.fn(),
  addMilestone: vi.fn(),
  changeEta: vi.fn(),
  editMilestone: vi.fn(),
}));
vi.mock('./api', () => api);

const TRACK_STATUS = vi.hoisted(
  () =>
    [
      ['10', '已出柜'],
      ['11', '国内报关中'],
      ['12', '国内查验'],
      ['13', '国内放行'],
      ['14', '已开船'],
      ['15', '转关放行'],
      ['16', '到达口岸'],
      ['17', '运输中'],
      ['18', '到达目的港'],
      ['19', '目的港清关中'],
      ['20', '目的港查验'],
      ['21', '目的港放行'],
    ] as const,
);
vi.mock('../../../lib/dict', async (importOriginal) =>
  (await import('../shared/test-dict')).dictAnswering(await importOriginal(), TRACK_STATUS),
);

const sea: TJourneyLoad = {
  id: 11,
  loadNo: 'LD2611230001',
  containerNo: 'MSCU1234565',
  truckNo: '',
  busType: 'SEA',
  etaDate: '2026-12-05T04:00:00.000Z',
};
const land: TJourneyLoad = {
  id: 12,
  loadNo: 'LD2611230002',
  containerNo: '',
  truckNo: '桂A12345',
  busType: 'EK',
  etaDate: null,
};

const wrap = (node: ReactNode) => <QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>;
const pickerInput = () => document.querySelector<HTMLInputElement>('.ant-modal .ant-picker input')!;
const okButton = () => screen.getByRole('button', { name: /确\s?定/ });

const toasts = withTestSession({ ...ADMIN_SESSION, isFeeRole: true, timezone: 'Asia/Bangkok' }, () =>
  resetAll(api, {}),
);

describe('commonMilestones', () => {
  it('keeps the milestones every transport mode shares, in journey order', () => {
    expect(commonMilestones(['SEA'])).toContain('14');
    expect(commonMilestones(['EK'])).toEqual(expect.arrayContaining(['15', '16']));
    const mixed = commonMilestones(['SEA', 'EK']);
    expect(mixed).not.toContain('14');
    expect(mixed).not.toContain('16');
    expect(mixed).toEqual(['10', '11', '12', '13', '17', '19', '20', '21']);
    expect(commonMilestones([])).toEqual([]);
  });
});

describe('<DepartDialog>', () => {
  it('defaults the time to now, asks P-depart with the containers and the time, then departs every load', async () => {
    const onClose = vi.fn();
    const onDone = vi.fn();
    render(wrap(<DepartDialog loads={[sea, land]} onClose={onClose} onDone={onDone} />));
    expect(screen.getByTestId('depart-loads').textContent).toBe('MSCU1234565, 桂A12345');
    await waitFor(() => expect(pickerInput()?.value).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/));
    const picked = pickerInput().value;
    await userEvent.type(screen.getByTestId('depart-remark'), '友谊关出境');
    answerConfirm(toasts.modal, true);
    await userEvent.click(okButton());
    await waitFor(() => expect(api.confirmDeparture).toHaveBeenCalledTimes(1));
    const prompt = toasts.modal.confirm.mock.calls[0]![0] as { content: string };
    expect(prompt.content).toBe(`确认 MSCU1234565, 桂A12345 于 ${picked} 发车？`);
    expect(api.confirmDeparture.mock.calls[0]![0]).toEqual({
      loadIds: [11, 12],
      trackTime: picked,
      trackRemark: '友谊关出境',
    });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('sends nothing when the prompt is answered Cancel, and keeps the dialog open', async () => {
    const onClose = vi.fn();
    render(wrap(<DepartDialog loads={[sea]} onClose={onClose} onDone={vi.fn()} />));
    await screen.findByTestId('depart-loads');
    await cancelThePrompt(toasts, okButton, api.confirmDeparture, onClose);
  });
});

describe('<MilestoneDialog>', () => {
  it('offers only the milestones that fit every selected load and sends them all in one saveDetail', async () => {
    const onDone = vi.fn();
    render(wrap(<MilestoneDialog loads={[sea, land]} onClose={vi.fn()} onDone={onDone} />));
    const select = await screen.findByTestId('milestone-select');
    fireEvent.mouseDown(within(select).getByRole('combobox'));
    const listbox = await screen.findByRole('listbox');
    const offered = within(listbox.parentElement as HTMLElement)
      .getAllByRole('option')
      .map((o) => o.getAttribute('aria-label') ?? o.textContent);
    expect(offered.length).toBeGreaterThan(0);
    expect(await screen.findByTitle('国内放行')).toBeTruthy();
    expect(screen.queryByTitle('已开船')).toBeNull();
    expect(screen.queryByTitle('到达口岸')).toBeNull();
    await userEvent.click(screen.getByTitle('国内放行'));
    await userEvent.type(screen.getByTestId('milestone-message'), '已放行，预计明日到达口岸');
    await userEvent.click(okButton());
    await waitFor(() => expect(api.addMilestone).toHaveBeenCalledTimes(1));
    expect(api.addMilestone.mock.calls[0]![0]).toMatchObject({
      loadIds: [11, 12],
      trackStatus: '13',
      trackRemark: '',
      message: '已放行，预计明日到达口岸',
      visibleToCustomer: '1',
    });
    expect(api.addMilestone.mock.calls[0]![0].trackTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
  });

  it('refuses to save without a milestone', async () => {
    render(wrap(<MilestoneDialog loads={[sea]} onClose={vi.fn()} onDone={vi.fn()} />));
    await screen.findByTestId('milestone-select');
    await userEvent.click(okButton());
    expect(await screen.findByText('不能为空', { exact: false })).toBeTruthy();
    expect(api.addMilestone).not.toHaveBeenCalled();
  });
});

describe('<EtaDialog>', () => {
  it('starts from the load’s ETA and moves it for every selected load', async () => {
    const onDone = vi.fn();
    render(wrap(<EtaDialog loads={[sea]} onClose={vi.fn()} onDone={onDone} />));
    await screen.findByTestId('eta-loads');
    await waitFor(() => expect(pickerInput()?.value).toBe('2026-12-05 11:00:00'));
    await userEvent.click(okButton());
    await waitFor(() => expect(api.changeEta).toHaveBeenCalledTimes(1));
    expect(api.changeEta.mock.calls[0]![0]).toEqual({ loadIds: [11], preArriveTime: '2026-12-05T04:00:00.000Z' });
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
  });

  it('asks for a date when several loads have none', async () => {
    render(wrap(<EtaDialog loads={[sea, land]} onClose={vi.fn()} onDone={vi.fn()} />));
    await screen.findByTestId('eta-loads');
    await userEvent.click(okButton());
    expect(await screen.findByText('不能为空', { exact: false })).toBeTruthy();
    expect(api.changeEta).not.toHaveBeenCalled();
  });
});
