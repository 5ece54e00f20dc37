import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { TPriceTrial } from '@theone/contracts/bas/price.schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { shellKeys } from '../../../lib/query-keys';
import { testQueryClient } from '../../../test/render';
import { refKeys, type TGeog } from '../api';
import { TrialResult } from './PriceTrial';
import { draftRow, NEW_ROW_ID, type TPriceDraft, type TTrialKey, type TTrialRow, trialSelection } from './price-trial';

vi.setConfig({ testTimeout: 30_000 });

/** Geography as seeded: Guangzhou (origin), Thailand > Bangkok, Chiang Mai. */
const geog = (
  id: number,
  orgId: number,
  parentId: number,
  level: string,
  name: string,
  nameEn: string,
  nameTh: string,
) => ({ id, orgId, parentId, level, code: nameEn, name, nameEn, nameTh, label: name }) as TGeog;
const ORIGINS = [geog(1, 1, 0, '2', '广州', 'Guangzhou', 'กวางโจว')];
const DESTS = [
  geog(10, 2, 0, '1', '泰国', 'Thailand', 'ไทย'),
  geog(13, 2, 10, '2', '曼谷', 'Bangkok', 'กรุงเทพฯ'),
  geog(12, 2, 10, '2', '清迈', 'Chiang Mai', 'เชียงใหม่'),
];
const TH002 = 7;

const row = (id: number, markId: number | null, dest: number, volumePrice: string, extra: Partial<TTrialRow> = {}) =>
  ({
    id,
    markId,
    mark: markId === null ? null : 'TH002',
    busType: 'EK',
    leftAddrId: 1,
    destAddrId: dest,
    cargoType: '1',
    currency: 'RMB',
    volumePrice,
    weightPrice: '5.00',
    validFromDate: '2026-01-01',
    validToDate: '2026-12-31',
    ...extra,
  }) satisfies TTrialRow;

const ALL_BANGKOK = row(1, null, 13, '680.00');
const TH002_THAILAND = row(2, TH002, 10, '800.00');

const trial = (rows: TTrialRow[]): TPriceTrial<TTrialRow> => ({
  date: '2026-05-10',
  leftPlaces: ['1'],
  destPlaces: ['13', '10'],
  mark: { id: TH002, mark: 'TH002', topMarkId: null, topMark: null, calPriceType: '1', minAmount: null },
  rows,
  chosen: null,
  others: [],
});
const KEY: TTrialKey = {
  markId: TH002,
  busType: 'EK',
  leftAddrId: 1,
  destAddrId: 13,
  cargoType: '1',
  date: '2026-05-10',
};

function show(data: TPriceTrial<TTrialRow>, draft: TPriceDraft = {}, editingId: number | null = null) {
  const client = testQueryClient();
  client.setQueryData(refKeys.custom('geog', 1), ORIGINS);
  client.setQueryData(refKeys.custom('geog', 2), DESTS);
  client.setQueryData(shellKeys.dict('cal_price_type'), [
    { dictValue: '1', dictLabel: '按体积', dictLabelEn: 'By volume', dictLabelTh: 'คิดตามปริมาตร' },
  ]);
  render(
    <QueryClientProvider client={client}>
      <TrialResult trial={data} trialKey={KEY} draft={draft} editingId={editingId} />
    </QueryClientProvider>,
  );
}

afterEach(async () => {
  await changeLanguage('zh-cn');
});

describe('<TrialResult> (price form freight trial)', () => {
  it("issue 10: shows TH002's Thailand row for Guangzhou -> Bangkok, why, and why the Bangkok row for all marks lost", async () => {
    show(trial([ALL_BANGKOK, TH002_THAILAND]));
    const chosen = await screen.findByTestId('trial-chosen');
    expect(chosen.textContent).toContain('#2');
    expect(chosen.textContent).toContain('800.00');
    expect(screen.getByTestId('trial-reason').textContent).toBe(
      '唛头 TH002 的专属价格；目的地 泰国（国家，覆盖 曼谷）；起运地 广州（精确匹配）；有效期 2026-01-01 至 2026-12-31',
    );
    expect(chosen.textContent).toContain('唛头 TH002 的计价方式：按体积');
    const rows = within(screen.getByTestId('trial-rows')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('采用');
    expect(rows[1]!.textContent).toContain('全部唛头通用价格');
    expect(rows[1]!.textContent).toContain('采用的价格归属更具体');
    expect(rows[1]!.textContent).toContain('泰国 · 曼谷');
  });

  it.each([
    [
      'en',
      "Mark TH002's own price; destination Thailand (country, covers Bangkok); origin Guangzhou (exact); valid 2026-01-01 to 2026-12-31",
    ],
    [
      'th',
      'ราคาเฉพาะของมาร์ค TH002 · ปลายทาง ไทย (ประเทศ ครอบคลุม กรุงเทพฯ) · ต้นทาง กวางโจว (ตรงกันพอดี) · มีผล 2026-01-01 ถึง 2026-12-31',
    ],
  ])('explains the choice in %s', async (language, reason) => {
    await changeLanguage(language as 'en' | 'th');
    show(trial([ALL_BANGKOK, TH002_THAILAND]));
    expect((await screen.findByTestId('trial-reason')).textContent).toBe(reason);
  });

  it('previews the unsaved row of the form: a new TH002 Bangkok row would win on the nearer destination', async () => {
    const draft: TPriceDraft = {
      markId: TH002,
      busType: 'EK',
      leftAddrId: 1,
      destAddrId: 13,
      cargoType: '1',
      volumePrice: '760.00',
      weightPrice: '5.00',
      validFromDate: '2026-05-01',
      validToDate: '2026-12-31',
    };
    show(trial([ALL_BANGKOK, TH002_THAILAND]), draft);
    const chosen = await screen.findByTestId('trial-chosen');
    expect(chosen.textContent).toContain('本表单（未保存）');
    expect(chosen.textContent).toContain('760.00');
    expect(screen.getByTestId('trial-reason').textContent).toContain('目的地 曼谷（精确匹配）');
    const rows = within(screen.getByTestId('trial-rows')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('采用'),
      expect.stringContaining('采用的价格目的地更近'),
      expect.stringContaining('采用的价格归属更具体'),
    ]);
  });

  it('editing a row replaces its saved version: moved to Chiang Mai, the Thailand row no longer applies', async () => {
    const moved: TPriceDraft = { ...TH002_THAILAND, destAddrId: 12 };
    show(trial([ALL_BANGKOK, TH002_THAILAND]), moved, TH002_THAILAND.id);
    const chosen = await screen.findByTestId('trial-chosen');
    expect(chosen.textContent).toContain('#1');
    expect(screen.getByTestId('trial-reason').textContent).toContain('全部唛头通用价格');
    expect(within(screen.getByTestId('trial-rows')).getAllByRole('row')).toHaveLength(2);
  });

  it('an edit page before any change shows the saved row itself, not an unsaved copy', async () => {
    // the form holds '800' where the row says '800.00': the same amount
    show(trial([ALL_BANGKOK, TH002_THAILAND]), { ...TH002_THAILAND, volumePrice: '800' }, TH002_THAILAND.id);
    const chosen = await screen.findByTestId('trial-chosen');
    expect(chosen.textContent).toContain('#2');
    expect(chosen.textContent).not.toContain('本表单（未保存）');
  });

  it('says when nothing applies, and when the best row has expired', async () => {
    show(trial([]));
    expect((await screen.findByTestId('trial-none')).textContent).toContain('没有适用于该订单的价格');
    show(trial([row(3, TH002, 10, '790.00', { validFromDate: '2025-01-01', validToDate: '2025-12-31' })]));
    const chosen = await screen.findByTestId('trial-chosen');
    expect(chosen.textContent).toContain('已于 2025-12-31 过期');
    expect(chosen.textContent).toContain('录入有效价格前，订单不会计价');
  });
});

describe('trial helpers', () => {
  it('an incomplete form row takes no part; a new one ranks as the newest entry', () => {
    expect(draftRow({ busType: 'EK', leftAddrId: 1 }, null, null)).toBeNull();
    const draft = draftRow({ ...TH002_THAILAND, validFromDate: '2026-01-01' }, null, trial([]).mark);
    expect(draft).toMatchObject({ id: NEW_ROW_ID, mark: 'TH002', isDraft: true });
    // same scope, place and start as the saved Thailand row: the unsaved one is the newer entry
    const found = trialSelection(trial([TH002_THAILAND]), KEY, draft, null);
    expect(found?.row.isDraft).toBe(true);
    expect(found?.others[0]?.lostOn).toBe('id');
  });
});
