import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { withTestSession } from '../shared/test-session';
import type { LoadWire } from './api';
import LoadPlanDetailsPage from './LoadPlanDetailsPage';

/**
 * loadplanDetails in edit mode: the header form is filled from the plan when editing starts, and a refetch of the
 * plan meanwhile (an order added, a scan, a photo: a new record with the same id and a new version) keeps what the
 * planner has typed; Save sends the typed header with the record's current version.
 */
vi.setConfig({ testTimeout: 60_000 });

type TDetail = LoadWire['LoadDetailAnswer']['data'];

const api = vi.hoisted(() => ({
  plan: { current: null as unknown },
  editPlan: vi.fn(),
}));
vi.mock('./api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  usePlan: () => ({ data: api.plan.current, isLoading: false }),
  editPlan: api.editPlan,
}));
vi.mock('../inware/api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useInit: () => ({ data: { warehouses: [{ id: 4, name: '广州仓', whType: '1' }] }, isLoading: false }),
}));
vi.mock('../../../lib/dict', async (importOriginal) =>
  (await import('../shared/test-dict')).dictAnswering(await importOriginal(), [['0', '计划中']]),
);
// the remote selects as plain boxes (their own data is not what is tested here)
vi.mock('../../bas/common/selects', () => ({
  GeogSelect: ({ value }: { value?: number }) => <span>{value}</span>,
}));
vi.mock('../../../components/DictSelect', () => ({
  DictSelect: ({ value }: { value?: string }) => <span>{value}</span>,
}));
vi.mock('./LoadPhotos', () => ({ LoadPhotos: () => null }));

const load = (version: number, vesselName: string) =>
  ({
    id: 3,
    loadNo: 'LD2611230001',
    status: 0,
    busType: 'SEA',
    leftAddrId: 1,
    leftAddrName: '广州',
    destAddrId: 2,
    destAddrName: '曼谷',
    containerType: '40HQ',
    loadHouseId: 4,
    loadHouseName: '广州仓',
    loadTime: '2026-11-25 09:00:00',
    loadPerson: '张强',
    clsDate: null,
    etdDate: null,
    etaDate: null,
    leftTime: null,
    loadPort: '南沙',
    unloadPort: '林查班',
    customsCorp: '',
    exportAgent: '',
    vesselOwner: '',
    vesselName,
    voyageNo: '',
    containerNo: '',
    sealNo: '',
    truckNo: '',
    currency: 'RMB',
    remark: '',
    version,
    createBy: 'ops1',
    createTime: '2026-11-23T01:00:00.000Z',
    orderCount: version - 1,
    loadedCount: 0,
    markCount: 0,
    pieces: 0,
    weight: '0.00',
    volume: '0.000',
    volumePercent: null,
    weightPercent: null,
  }) as unknown as LoadWire['LoadRow'];

const detail = (version: number, vesselName: string) =>
  ({ load: load(version, vesselName), orders: [], marks: [], log: [], files: [] }) as unknown as TDetail;

withTestSession({ permissions: ['bus:loadplan:edit'], roles: ['dispatcher'], isFeeRole: false }, () => {
  api.plan.current = detail(1, 'EVER GIVEN');
  api.editPlan.mockReset().mockResolvedValue(undefined);
});

const page = () => (
  <QueryClientProvider client={new QueryClient()}>
    <MemoryRouter initialEntries={['/bus/loadplanDetails?id=3']}>
      <LoadPlanDetailsPage />
    </MemoryRouter>
  </QueryClientProvider>
);
const input = (id: string) => document.querySelector<HTMLInputElement>(`input#${id}, textarea#${id}`)!;

describe('<LoadPlanDetailsPage> header edit', () => {
  it('fills the form when editing starts and keeps the typed header through a refetch of the plan', async () => {
    const view = render(page());
    await userEvent.click(await screen.findByTestId('plan-edit'));
    await waitFor(() => expect(input('vesselName').value).toBe('EVER GIVEN'));
    expect(input('loadPort').value).toBe('南沙');

    await userEvent.clear(input('vesselName'));
    await userEvent.type(input('vesselName'), 'MAERSK ESSEN');
    await userEvent.type(input('remark'), '周五截关');
    // an order added meanwhile: the plan refetched, a new record with the same id, a new version and another value
    api.plan.current = detail(2, 'SERVER VALUE');
    view.rerender(page());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(input('vesselName').value).toBe('MAERSK ESSEN');
    expect(input('remark').value).toBe('周五截关');

    await userEvent.click(screen.getByTestId('plan-header-save'));
    await waitFor(() => expect(api.editPlan).toHaveBeenCalledTimes(1));
    expect(api.editPlan.mock.calls[0]![0]).toMatchObject({
      id: 3,
      version: 2,
      vesselName: 'MAERSK ESSEN',
      remark: '周五截关',
      loadPort: '南沙',
      loadHouseId: 4,
      containerType: '40HQ',
    });
    // no fee role: the container cost is neither asked nor sent
    expect(api.editPlan.mock.calls[0]![0]).not.toHaveProperty('containerFee');
    await waitFor(() => expect(screen.queryByTestId('plan-header-form')).toBeNull());
  });

  it('starts again from the stored plan when the planner cancels and edits again', async () => {
    render(page());
    await userEvent.click(await screen.findByTestId('plan-edit'));
    await waitFor(() => expect(input('vesselName').value).toBe('EVER GIVEN'));
    await userEvent.type(input('voyageNo'), '041W');
    await userEvent.click(screen.getByText('取 消'));
    await userEvent.click(await screen.findByTestId('plan-edit'));
    await waitFor(() => expect(input('vesselName').value).toBe('EVER GIVEN'));
    expect(input('voyageNo').value).toBe('');
    expect(api.editPlan).not.toHaveBeenCalled();
  });
});
