import { zMoney } from '@theone/contracts/common/money';
import { zodRule } from '../../../components/form-rules';
import { createPageScreen, type ScreenDef } from '../../../components/screen-factory';
import { contPriceKeys, todayText, useGeog } from '../api';
import { routeFilters, validityColumns } from '../common/price-list-pieces';
import { GeogSelect } from '../common/selects';

/**
 * Container prices (screens §3.11): carrier cost and quoted price per container or truck type and route. List and
 * add/edit pages from one definition; the edit page doubles as the view (no details route).
 */
export interface TContPrice {
  id: number;
  containerType: string;
  busType: string;
  leftAddrId: number;
  destAddrId: number;
  vesselOwner: string;
  apPrice?: string;
  arPrice?: string | null;
  currency: string;
  validFromDate: string;
  validToDate: string;
  isOverdue: '0' | '1';
  remark: string;
  version: number;
  updateTime: string | null;
  createTime: string;
}

function GeogLabel({ orgId, id }: { orgId: 1 | 2; id: number }) {
  return <>{useGeog(orgId).labelOf(id)}</>;
}

const money = { kind: 'decimal', suffix: { field: 'currency', fallback: 'RMB' } } as const;
const moneyRule = { rules: (t: Parameters<typeof zodRule>[1]) => [zodRule(zMoney, t, { optional: true })] };
const moneyColumn = {
  type: 'money',
  currency: (r: TContPrice) => r.currency,
  fee: true,
  sortable: true,
  width: 150,
} as const;

/** A new price: 40HQ by sea in RMB, valid from today to the end of the year. */
function newPrice() {
  const today = todayText();
  return {
    containerType: '40HQ',
    busType: 'SEA',
    currency: 'RMB',
    vesselOwner: '',
    validFromDate: today,
    validToDate: `${today.slice(0, 4)}-12-31`,
  };
}

export const contPriceScreen: ScreenDef<TContPrice> = {
  id: 'bas/contPriceList',
  keys: contPriceKeys,
  url: '/bas/contPrice',
  rowKey: 'id',
  perm: 'bas:contPrice',
  titles: { add: 'menu_cont_price_add', edit: 'menu_cont_price_edit' },
  paths: { list: '/bas/contPriceList', add: '/bas/contPriceAdd', edit: '/bas/contPriceEdit' },
  defaultSort: { column: 'createTime', order: 'desc' },
  visibleFilters: 4,
  filters: [
    { type: 'dict', name: 'containerType', label: 'field_container_type', dictType: 'container_type' },
    { type: 'dict', name: 'busType', label: 'field_bus_type', dictType: 'bus_type' },
    ...routeFilters,
    { name: 'vesselOwner', label: 'field_vessel_owner' },
    { type: 'date', name: 'validOn', label: 'bas_valid_on' },
  ],
  columns: [
    { key: 'containerType', title: 'field_container_type', type: 'dict', dictType: 'container_type', width: 170 },
    { key: 'busType', title: 'field_bus_type', type: 'dict', dictType: 'bus_type', width: 110 },
    {
      key: 'leftAddrId',
      title: 'field_left_addr',
      width: 110,
      render: (_, r) => <GeogLabel orgId={1} id={r.leftAddrId} />,
    },
    {
      key: 'destAddrId',
      title: 'field_dest_addr',
      width: 150,
      render: (_, r) => <GeogLabel orgId={2} id={r.destAddrId} />,
    },
    { key: 'vesselOwner', title: 'field_vessel_owner', width: 130 },
    { key: 'apPrice', title: 'field_ap_price', ...moneyColumn },
    { key: 'arPrice', title: 'field_ar_price', ...moneyColumn },
    ...validityColumns<TContPrice>(110),
    { key: 'remark', title: 'remark', width: 160 },
    { key: 'updateTime', title: 'bas_updated_at', type: 'datetime', sortable: true, width: 170 },
  ],
  defaults: newPrice,
  load: (r, v) => ({ ...v, arPrice: r.arPrice ?? null }),
  sections: [
    {
      title: 'bas_section_scope',
      fields: [
        {
          name: 'containerType',
          label: 'field_container_type',
          kind: 'dict',
          dictType: 'container_type',
          required: true,
        },
        { name: 'busType', label: 'field_bus_type', kind: 'dict', dictType: 'bus_type', required: true },
        {
          name: 'leftAddrId',
          label: 'field_left_addr',
          kind: 'custom',
          required: true,
          control: <GeogSelect orgId={1} />,
        },
        {
          name: 'destAddrId',
          label: 'field_dest_addr',
          kind: 'custom',
          required: true,
          control: <GeogSelect orgId={2} />,
        },
        { name: 'vesselOwner', label: 'field_vessel_owner', max: 100 },
        { name: 'currency', label: 'field_currency', kind: 'dict', dictType: 'currency', required: true },
      ],
    },
    {
      title: 'bas_section_prices',
      fields: [
        { name: 'apPrice', label: 'field_ap_price', required: true, ...money, ...moneyRule },
        { name: 'arPrice', label: 'field_ar_price', ...money, ...moneyRule },
      ],
    },
    {
      title: 'bas_section_validity',
      fields: [
        { name: 'validFromDate', label: 'field_valid_from', kind: 'date', required: true },
        {
          name: 'validToDate',
          label: 'field_valid_to',
          kind: 'date',
          required: true,
          dependencies: ['validFromDate'],
          rules: (t) => [
            ({ getFieldValue }) => ({
              validator: async (_r, v: string | undefined) => {
                const from = getFieldValue('validFromDate') as string | undefined;
                if (v && from && v < from) throw new Error(t('msg_date_order'));
              },
            }),
          ],
        },
        { name: 'remark', label: 'remark', kind: 'textarea' },
      ],
    },
  ],
};

const screens = createPageScreen(contPriceScreen);
export const ContPriceFormPage = screens.Form;
export const ContPriceListPage = screens.List;
