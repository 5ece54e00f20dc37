import { PlusOutlined } from '@ant-design/icons';
import { loadAllows } from '@theone/contracts/bus/load';
import { useTranslation } from 'react-i18next';
import { type ListColumn, ListPage } from '../../../components/ListPage';
import { navigateTo } from '../../../lib/navigation';
import { inwareKeys } from '../inware/api';
import { search } from '../inware/columns';
import { loadRowAction } from '../load/columns';
import '../shared/bus.css';
import { queryClient } from '../../../lib/query-client';
import { deleteRowAction, detailsLinkColumn } from '../shared/list-parts';
import { deletePlans, LOADPLAN_ADD_PATH, LOADPLAN_DETAILS_PATH, type LoadWire, loadplanKeys } from './api';
import { FillBar } from './FillGauge';
import { LoadSumsFooter } from './LoadSumsFooter';
import { totalsOf } from './plan-parts';

/**
 * loadplanList (screens §3, key bus:loadplan): the open load plans (default L0/L1), their fill by volume and
 * weight (bars: green under 85 %, blue 85-100 %, red over 100 %), the totals of the filtered set from the
 * server's `sums`, and for the fee role the container cost, the orders' receivables and the estimated margin
 * (the server leaves those fields out for anyone else, so the columns are absent). Row actions follow the load
 * status through contracts' loadAllows.
 */
export const loadNoColumn = (path = LOADPLAN_DETAILS_PATH) =>
  detailsLinkColumn<LoadWire['LoadRow']>('loadNo', 'field_load_no', 140, path, 'load-link', {
    fixed: 'left',
    sortable: true,
  });

export const loadColumns = {
  route: (): ListColumn<LoadWire['LoadRow']> => ({
    key: 'route',
    title: 'bus_route',
    width: 150,
    render: (_v, r) => `${r.leftAddrName || '-'} → ${r.destAddrName || '-'}`,
  }),
  fill: (key: 'volumePercent' | 'weightPercent', title: string): ListColumn<LoadWire['LoadRow']> => ({
    key,
    title,
    width: 150,
    render: (_v, r) => <FillBar percent={r[key]} testId={`fill-${key}-${r.loadNo}`} />,
  }),
  fee: (key: 'containerFee' | 'orderArAmount' | 'estimatedMargin', title: string): ListColumn<LoadWire['LoadRow']> => ({
    key,
    title,
    width: 120,
    type: 'money',
    fee: true,
    currency: (r) => r.currency,
  }),
  time: (
    key: keyof LoadWire['LoadRow'] & string,
    title: string,
    sortable = false,
  ): ListColumn<LoadWire['LoadRow']> => ({
    key,
    title,
    width: 160,
    type: 'datetime',
    sortable,
  }),
  num: (key: keyof LoadWire['LoadRow'] & string, title: string, width = 90): ListColumn<LoadWire['LoadRow']> => ({
    key,
    title,
    width,
    align: 'right',
  }),
};

export default function LoadPlanListPage() {
  const { t } = useTranslation();
  const details = (r: LoadWire['LoadRow'], extra = '') => navigateTo(`${LOADPLAN_DETAILS_PATH}?id=${r.id}${extra}`);
  return (
    <ListPage<LoadWire['LoadRow']>
      id="bus/loadplanList"
      queryKey={loadplanKeys.lists()}
      url="/bus/loadplan/list"
      rowKey="id"
      defaultFilters={{ status: '0,1' }}
      defaultSort={{ column: 'loadTime', order: 'desc' }}
      searchFields={[
        { type: 'numbers', name: 'loadNo', label: 'field_load_no' },
        search.containerNo(),
        search.dict('busType', 'field_bus_type', 'bus_type'),
        search.geog('leftAddrId', 1),
        search.geog('destAddrId', 2),
        search.dict('containerType', 'field_container_type', 'container_type'),
        { type: 'dict', name: 'status', label: 'field_status', dictType: 'load_status', multiple: true },
        search.range('loadTime', 'field_plan_load_time', 'LoadTime'),
        search.range('etdDate', 'field_etd_date', 'EtdDate'),
        search.text('loadPerson', 'field_load_person'),
        search.transportId(),
        search.mark(),
      ]}
      columns={[
        loadNoColumn(),
        { key: 'status', title: 'field_status', width: 100, type: 'dict', dictType: 'load_status' },
        { key: 'busType', title: 'field_bus_type', width: 100, type: 'dict', dictType: 'bus_type' },
        loadColumns.route(),
        { key: 'containerType', title: 'field_container_type', width: 100, type: 'dict', dictType: 'container_type' },
        // what the planner sizes a container by, before the dates and ports
        loadColumns.fill('volumePercent', 'field_fill_volume'),
        loadColumns.fill('weightPercent', 'field_fill_weight'),
        loadColumns.num('orderCount', 'field_order_count', 80),
        loadColumns.num('pieces', 'field_arrived_piece'),
        loadColumns.num('weight', 'field_arrived_weight', 110),
        loadColumns.num('volume', 'field_arrived_volume', 110),
        { key: 'loadHouseName', title: 'field_load_house_id', width: 110 },
        loadColumns.time('loadTime', 'field_plan_load_time', true),
        loadColumns.time('clsDate', 'field_cls_date'),
        loadColumns.time('etdDate', 'field_etd_date', true),
        loadColumns.time('etaDate', 'field_eta_date', true),
        {
          key: 'ports',
          title: 'load_ports',
          width: 150,
          render: (_v, r) => (r.loadPort || r.unloadPort ? `${r.loadPort || '-'} → ${r.unloadPort || '-'}` : ''),
        },
        {
          key: 'vessel',
          title: 'load_vessel_voyage',
          width: 150,
          render: (_v, r) => [r.vesselName, r.voyageNo].filter(Boolean).join(' / '),
        },
        loadColumns.fee('containerFee', 'field_container_fee'),
        loadColumns.fee('orderArAmount', 'field_order_ar_amount'),
        loadColumns.fee('estimatedMargin', 'field_estimated_margin'),
        { key: 'loadPerson', title: 'field_load_person', width: 100 },
        loadColumns.time('createTime', 'field_create_time', true),
      ]}
      toolbar={[
        {
          key: 'add',
          label: 'add',
          type: 'primary',
          icon: <PlusOutlined />,
          perm: 'loadplan:add',
          onClick: () => navigateTo(LOADPLAN_ADD_PATH),
        },
      ]}
      exportConfig={{ url: '/bus/loadplan/export', fileName: 'bus_loadplan_export', perm: 'bus:loadplan:export' }}
      rowActions={[
        { key: 'details', label: 'details', perm: 'loadplan:info', onClick: (r) => details(r) },
        loadRowAction('edit', 'edit', 'bus:loadplan:edit', 'editPlan', (r) => details(r, '&edit=1')),
        loadRowAction('load', 'perm_bus_loadplan_load', 'bus:loadplan:load', 'load', (r) => details(r, '&load=1')),
        deleteRowAction(
          'bus:loadplan:delete',
          (r) => loadAllows('deletePlan', r.status),
          async (ids, config) => {
            await deletePlans(ids, config);
            await queryClient.invalidateQueries({ queryKey: inwareKeys.all });
          },
          { check: (x) => loadAllows('deletePlan', x.status), rowLabel: (x) => x.loadNo },
        ),
      ]}
      actionsWidth={220}
      footer={(answer) => <LoadSumsFooter sums={(answer as { sums?: LoadWire['LoadSums'] } | undefined)?.sums} />}
      selectionSummary={(rows) => {
        const s = totalsOf(
          rows.map((r) => ({
            mark: '',
            arrivedPiece: r.pieces,
            arrivedWeight: r.weight,
            arrivedVolume: r.volume,
          })),
        );
        return t('load_selected_totals', { count: rows.length, pieces: s.pieces, weight: s.weight, volume: s.volume });
      }}
    />
  );
}
