import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { shellKeys } from '../../lib/query-keys';
import { authStore, clearSession } from '../../lib/session';
import { testQueryClient } from '../../test/render';
import type { TArrivingContainer } from './api';
import { ArrivingContainers } from './HomePage';

/**
 * The home page's 'containers arriving today' table: the route type and the latest milestone by their dictionary
 * names in the reader's language (never their codes), and each row linking to the pick-up details for the Thai team
 * or to the tracking details, as the caller's permissions allow.
 */

const ROWS: TArrivingContainer[] = [
  {
    loadId: 41,
    loadNo: 'LD2611280001',
    containerNo: 'TODU1234565',
    busType: 'EK',
    leftAddrName: '广州',
    destAddrName: '曼谷',
    vesselName: '',
    voyageNo: '',
    truckNo: '粤A12345',
    etaDate: '2026-11-28 18:00:00',
    trackStatus: '17',
    trackTime: '2026-11-28 09:30:00',
    orders: 12,
    pieces: 40,
    volume: '8.250',
    arriveStatus: 1,
    arriveId: 7,
  },
  {
    loadId: 42,
    loadNo: 'LD2611280002',
    containerNo: 'TODU7654321',
    busType: 'SEA',
    leftAddrName: '深圳',
    destAddrName: '林查班',
    vesselName: 'WAN HAI 302',
    voyageNo: 'S118',
    truckNo: '',
    etaDate: '2026-11-28 20:00:00',
    trackStatus: '',
    trackTime: null,
    orders: 3,
    pieces: 9,
    volume: '1.500',
    arriveStatus: null,
    arriveId: null,
  },
];

const DICTS = {
  bus_type: [
    { dictValue: 'EK', dictLabel: '陆运 EK', dictLabelEn: 'Land EK', dictLabelTh: 'ทางบก EK' },
    { dictValue: 'SEA', dictLabel: '海运', dictLabelEn: 'Sea', dictLabelTh: 'ทางเรือ' },
  ],
  track_status: [{ dictValue: '17', dictLabel: '到达口岸', dictLabelEn: 'At the border', dictLabelTh: 'ถึงด่าน' }],
  arrive_status: [{ dictValue: '1', dictLabel: '已提柜', dictLabelEn: 'Picked up', dictLabelTh: 'รับตู้แล้ว' }],
};

function show(permissions: string[]) {
  authStore.set({ permissions, roles: ['ops'], isFeeRole: false });
  const client = testQueryClient();
  for (const [type, entries] of Object.entries(DICTS)) client.setQueryData(shellKeys.dict(type), entries);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ArrivingContainers rows={ROWS} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const rows = within(screen.getByTestId('home-arriving')).getAllByRole('row').slice(1);
  expect(rows).toHaveLength(2);
  return rows as [HTMLElement, HTMLElement];
}

afterEach(async () => {
  clearSession();
  await changeLanguage('zh-cn');
});

describe('<ArrivingContainers> (home page)', () => {
  it.each([
    ['zh-cn', '陆运 EK', '到达口岸 2026-11-28 09:30:00', '海运', '已提柜'],
    ['en', 'Land EK', 'At the border 2026-11-28 09:30:00', 'Sea', 'Picked up'],
    ['th', 'ทางบก EK', 'ถึงด่าน 2026-11-28 09:30:00', 'ทางเรือ', 'รับตู้แล้ว'],
  ])(
    'names the route type, the milestone and the pick-up status in %s, not their codes',
    async (language, land, milestone, sea, picked) => {
      await changeLanguage(language as 'zh-cn' | 'en' | 'th');
      const [first, second] = show(['bus:track']);
      const cells = within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent);
      expect(cells).toContain(land);
      expect(cells).toContain(milestone);
      expect(cells).toContain(picked);
      expect(cells).toContain('粤A12345');
      expect(cells).not.toContain('EK');
      expect(cells.some((c) => c === '17' || c?.startsWith('17 '))).toBe(false);
      const other = within(second)
        .getAllByRole('cell')
        .map((c) => c.textContent);
      expect(other).toContain(sea);
      expect(other).toContain('WAN HAI 302 / S118');
      expect(other).toContain('-');
    },
  );

  it('links a picked-up container to its pick-up details for the Thai team, the others to the tracking details', () => {
    const [first, second] = show(['bus:track', 'bus:arrive']);
    expect(within(first).getByTestId('home-arriving-LD2611280001').getAttribute('href')).toBe(
      '/bus/arriveDetails?id=7',
    );
    expect(within(second).getByTestId('home-arriving-LD2611280002').getAttribute('href')).toBe(
      '/bus/track-details?id=42',
    );
  });

  it('shows the numbers without links to a user who may open neither details page', () => {
    const [first] = show(['bus:order']);
    expect(within(first).queryByTestId('home-arriving-LD2611280001')).toBeNull();
    expect(first.textContent).toContain('LD2611280001');
  });
});
