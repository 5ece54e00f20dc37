import { vi } from 'vitest';
import type { TPricePreview } from '../api';

/** What the order form's tests share: the inware api as they mock it and a price preview found for a mark. */

/** The '../api' module for vi.mock: `calls` are the test's own spies, `order` what useOrder answers. */
export function inwareApiMock(calls: Record<string, unknown>, order?: unknown) {
  return {
    addOrder: vi.fn(),
    fetchNewNo: vi.fn(),
    fetchMarkAddress: vi.fn(),
    previewPrice: vi.fn(),
    editOrder: vi.fn(),
    deleteCargoLine: vi.fn(),
    recalculate: vi.fn(),
    refetchPrices: vi.fn(),
    setStatus: vi.fn(),
    ...calls,
    ORDER_INFO_PATH: '/bus/orderInfo',
    inwareKeys: { all: ['bus/inware'], custom: (...k: unknown[]) => ['bus/inware', ...k] },
    useInit: () => ({
      data: {
        defaults: {
          busType: 'EK',
          cargoType: '1',
          currency: 'RMB',
          leftAddrId: 1,
          destAddrId: 2,
          arrivedHouseId: null,
        },
        transitDays: { EK: 5, SEA: 20 },
        warehouses: [],
        insurances: [],
      },
      refetch: vi.fn(),
    }),
    useOrder: () => ({ data: order, isLoading: false, refetch: vi.fn() }),
  };
}

/** The mark's own price row, automatic (calPriceType 3): 800.00 per m³, 5.00 per kg, no minimum. */
export const AUTOMATIC_PRICE: TPricePreview = {
  found: true,
  isOverdue: false,
  scope: 'mark',
  noPrice: false,
  isSubMark: '0',
  topMark: null,
  calPriceType: '3',
  currency: 'RMB',
  price: {
    id: 1,
    mark: 'M5',
    busType: 'EK',
    leftAddrName: 'Guangzhou',
    destAddrName: 'Bangkok',
    cargoType: '1',
    currency: 'RMB',
    validFromDate: '2026-01-01',
    validToDate: null,
    volumePrice: '800.00',
    weightPrice: '5.00',
    volumePriceAgent: null,
    weightPriceAgent: null,
    volWgtRate: null,
    wgtVolRate: null,
    minAmount: null,
  },
};
