import { loadAllows, type TLoadOperation } from '@theone/contracts/bus/load';
import { Space, Tooltip } from 'antd';
import type { ListColumn, RowAction, SearchField } from '../../../components/ListPage';
import { translate as t } from '../../../lib/i18n';
import type { PermissionValue } from '../../../lib/permission';
import { FillBar } from '../loadplan';
import { columnKinds, detailsLinkColumn, searchKinds } from '../shared/list-parts';

import { LOAD_DETAIL_PATH, type LoadWire } from './api';

/**
 * Columns, search fields and the totals row of the container lists (loadList, track-list; screens §3). Both
 * lists show load records (track rows add the latest milestone), so the columns are typed for any row that is
 * a load row.
 */

export function loadColumns<R extends LoadWire['LoadRow']>() {
  return {
    loadNo: (to: string = LOAD_DETAIL_PATH) =>
      detailsLinkColumn<R>('loadNo', 'load_no', 140, to, 'load-link', { fixed: 'left' }),
    ...columnKinds<R>(),
    date: (key: keyof R & string, title: string, sortable = false): ListColumn<R> => ({
      key,
      title,
      width: 110,
      type: 'date',
      sortable,
    }),
    num: (key: keyof R & string, title: string, width = 90): ListColumn<R> => ({ key, title, width, align: 'right' }),
    route: (): ListColumn<R> => ({
      key: 'route',
      title: 'bus_route',
      width: 150,
      render: (_v, r) => `${r.leftAddrName || '-'} → ${r.destAddrName || '-'}`,
    }),
    vessel: (): ListColumn<R> => ({
      key: 'vessel',
      title: 'load_vessel_voyage',
      width: 150,
      render: (_v, r) => (r.vesselName || r.voyageNo ? `${r.vesselName || '-'} / ${r.voyageNo || '-'}` : '-'),
    }),
    fill: (): ListColumn<R> => ({
      key: 'fill',
      title: 'load_fill',
      width: 150,
      render: (_v, r) => (
        <Space direction="vertical" size={0} style={{ width: '100%' }}>
          <Tooltip title={t('load_fill_volume')}>
            <FillBar percent={r.volumePercent} testId={`fill-volume-${r.loadNo}`} />
          </Tooltip>
          <Tooltip title={t('load_fill_weight')}>
            <FillBar percent={r.weightPercent} />
          </Tooltip>
        </Space>
      ),
    }),
    money: (key: keyof R & string, title: string, width = 120): ListColumn<R> => ({
      key,
      title,
      width,
      fee: true,
      type: 'money',
      currency: (r) => r.currency,
    }),
  };
}

/** The search fields both container lists share (screens loadList / track-list filters). */
export const loadSearch = {
  ...searchKinds,
  loadNo: (): SearchField => ({ type: 'numbers', name: 'loadNo', label: 'load_no' }),
  /** The vehicle and its route: truck plate, transport mode, departure and destination places. */
  transport: (): SearchField[] => [
    searchKinds.text('truckNo', 'field_truck_no'),
    searchKinds.dict('busType', 'field_bus_type', 'bus_type'),
    searchKinds.geog('leftAddrId', 1),
    searchKinds.geog('destAddrId', 2),
  ],
  /** The voyage: ETD and ETA ranges, vessel and voyage number. */
  voyage: (): SearchField[] => [
    searchKinds.range('etdDate', 'load_etd_date', 'EtdDate'),
    searchKinds.range('etaDate', 'load_eta_date', 'EtaDate'),
    searchKinds.text('vesselName', 'load_vessel_name'),
    searchKinds.text('voyageNo', 'load_voyage_no'),
  ],
};

/** A row action of the load lists, offered in the load states that allow `operation` (contracts loadAllows). */
export const loadRowAction = <R extends { status: number }>(
  key: string,
  label: string,
  perm: PermissionValue,
  operation: TLoadOperation,
  onClick: RowAction<R>['onClick'],
  danger = false,
): RowAction<R> => ({ key, label, perm, danger, hidden: (r) => !loadAllows(operation, r.status), onClick });
