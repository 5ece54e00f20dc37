import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_SESSION, resetAll, withTestSession } from '../shared/test-session';
import { LocationDialog, PickupDialog } from './dialogs';

/**
 * The pick-up dialog (`arrive/edit`: time defaults to now, overseas warehouse required, vehicle and driver from
 * basic data, seal intact by default, photos as file ids) and the shelf dialog (`arrive/location`).
 */
vi.setConfig({ testTimeout: 30_000 });

const api = vi.hoisted(() => ({ editArrive: vi.fn(), setLocation: vi.fn() }));
vi.mock('./api', async (importOriginal) => ({ ...(await importOriginal<object>()), ...api }));
const refs = vi.hoisted(() => ({
  getData: vi.fn(async (url: string) => {
    if (url === '/bas/warehouse/select') return [{ id: 3, label: '曼谷海外仓' }];
    if (url === '/bas/vehicle/select') return [{ id: 8, plateNo: '70-4521' }];
    return [{ id: 9, driverName: 'Somchai', phone: '0812345678' }];
  }),
}));
vi.mock('../../../lib/request', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getData: refs.getData,
}));

const wrap = (node: ReactNode) => <QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>;
const okButton = () => screen.getByRole('button', { name: /确\s?定/ });
const pickerInput = () => document.querySelector<HTMLInputElement>('.ant-modal .ant-picker input')!;

const record = {
  id: 5,
  version: 2,
  containerNo: 'CSNU7345215',
  truckNo: '',
  loadNo: 'LD2611230005',
  pickupTime: null,
  vehicleId: null,
  driverId: null,
  houseId: null,
  unloadTime: null,
  sealIntact: null,
  remark: '',
};

async function choose(testId: string, title: string) {
  const select = await screen.findByTestId(testId);
  fireEvent.mouseDown(within(select).getByRole('combobox'));
  await userEvent.click(await screen.findByTitle(title));
}

withTestSession({ ...ADMIN_SESSION, timezone: 'Asia/Bangkok' }, () => resetAll(api, {}));

describe('<PickupDialog>', () => {
  it('needs the overseas warehouse, then registers the pick-up with the time now and the seal intact', async () => {
    const onDone = vi.fn();
    const onClose = vi.fn();
    render(wrap(<PickupDialog record={record} onClose={onClose} onDone={onDone} />));
    expect(await screen.findByText('登记提柜 CSNU7345215')).toBeTruthy();
    await waitFor(() => expect(pickerInput()?.value).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/));
    const picked = pickerInput().value;
    await userEvent.click(okButton());
    await waitFor(() => expect(document.querySelector('.ant-form-item-explain-error')).toBeTruthy());
    expect(api.editArrive).not.toHaveBeenCalled();

    await choose('pickup-house', '曼谷海外仓');
    await choose('pickup-vehicle', '70-4521');
    await choose('pickup-driver', 'Somchai 0812345678');
    await userEvent.type(screen.getByTestId('pickup-remark'), 'Laem Chabang');
    await userEvent.click(okButton());
    await waitFor(() => expect(api.editArrive).toHaveBeenCalledTimes(1));
    expect(api.editArrive.mock.calls[0]![0]).toEqual({
      id: 5,
      version: 2,
      pickupTime: picked,
      vehicleId: 8,
      driverId: 9,
      houseId: 3,
      unloadTime: null,
      sealIntact: '1',
      remark: 'Laem Chabang',
      sealPhotos: [],
      doorPhotos: [],
    });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('opens a registered pick-up with its values and photos, a broken seal kept', async () => {
    const registered = {
      ...record,
      pickupTime: '2026-11-23T01:30:00.000Z',
      houseId: 3,
      sealIntact: '0',
      remark: 'seal cut',
    };
    const photos = [
      { fileId: 'a1', kind: '1' as const, name: 'seal.jpg' },
      { fileId: 'b2', kind: '2' as const, name: 'doors.jpg' },
    ];
    render(wrap(<PickupDialog record={registered} photos={photos} onClose={vi.fn()} onDone={vi.fn()} />));
    await screen.findByText('seal.jpg');
    expect(screen.getByText('doors.jpg')).toBeTruthy();
    await userEvent.click(okButton());
    await waitFor(() => expect(api.editArrive).toHaveBeenCalledTimes(1));
    expect(api.editArrive.mock.calls[0]![0]).toMatchObject({
      houseId: 3,
      sealIntact: '0',
      remark: 'seal cut',
      sealPhotos: ['a1'],
      doorPhotos: ['b2'],
    });
  });
});

describe('<LocationDialog>', () => {
  it('needs a location and sets it on every ticked order with their versions', async () => {
    const orders = [
      { id: 1, version: 4, transportId: 'TH26112300001', trayNo: '' },
      { id: 2, version: 7, transportId: 'TH26112300002', trayNo: 'B-2' },
    ];
    render(wrap(<LocationDialog orders={orders} onClose={vi.fn()} onDone={vi.fn()} />));
    await screen.findByText('TH26112300001, TH26112300002');
    await userEvent.click(okButton());
    await waitFor(() => expect(document.querySelector('.ant-form-item-explain-error')).toBeTruthy());
    expect(api.setLocation).not.toHaveBeenCalled();
    await userEvent.type(screen.getByTestId('location-input'), ' A-03-2 ');
    await userEvent.click(okButton());
    await waitFor(() => expect(api.setLocation).toHaveBeenCalledTimes(1));
    expect(api.setLocation.mock.calls[0]![0]).toEqual({ orderIds: [1, 2], versions: [4, 7], trayNo: 'A-03-2' });
  });
});
