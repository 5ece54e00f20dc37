import { useState } from 'react';
import { ListPage } from '../../../components/ListPage';
import { addButton } from '../../../components/list-presets';
import { navigateTo } from '../../../lib/navigation';
import '../shared/bus.css';
import type { TOrder } from './api';
import { col, search, sumsFooter } from './columns';
import { rowActions, toolbar } from './list-actions';
import { OrderImportDialog } from './OrderImportDialog';
import { cargoAndRouteSearch, inwareList, leadColumns, selectionPrints } from './order-list-parts';

/** unOrder (screens §3): orders entered but not received (S0, S1): complete, confirm, chase. */
export default function UnOrderPage() {
  const [importOpen, setImportOpen] = useState(false);
  return (
    <>
      <ListPage<TOrder>
        {...inwareList('unOrder', 'bus:unOrder:export')}
        searchFields={[
          search.transportId(),
          search.mark(),
          search.expressNo(),
          search.businessNo(),
          ...search.texts('clientNo', 'consignee', 'consigneeTel'),
          ...cargoAndRouteSearch(),
          search.range('orderTime', 'field_order_time'),
          ...search.texts('createBy'),
        ]}
        columns={[
          ...leadColumns('info'),
          col.num('cargoPiece', 'field_cargo_piece', 80, true),
          col.num('cargoWeight', 'field_cargo_weight', 100, true),
          col.num('cargoVolume', 'field_cargo_volume', 100, true),
          col.dict('expressCorp', 'field_express_corp', 'express_corp', 110),
          col.express(),
          col.text('businessNo', 'field_business_no', 110, true),
          col.text('clientNo', 'field_client_no', 110, true),
          col.time('orderTime', 'field_order_time', true),
          col.days('daysWaiting', 'bus_days_waiting', 'orderTime', 7),
          col.num('printTimes', 'field_print_times', 80),
          col.money('feeFreightAr', 'field_fee_freight_ar'),
          col.money('feeArAmount', 'field_fee_ar_amount', true),
          col.text('createBy', 'field_create_by', 100),
        ]}
        toolbar={[
          { ...addButton<TOrder>('bus:orderAdd', () => navigateTo('/bus/orderAdd')), label: 'bus_btn_new_order' },
          toolbar.confirm(),
          toolbar.backToStaged(),
          toolbar.fetchPrice('bus:unOrder:price'),
          toolbar.remove(),
          { key: 'import', label: 'import', perm: 'bus:unOrder:import', onClick: () => setImportOpen(true) },
          toolbar.exportCargo('bus:unOrder:export'),
        ]}
        toolbarExtra={selectionPrints<TOrder>(['label'], 'bus:unOrder:print')}
        rowActions={[
          rowActions.info(),
          rowActions.edit('bus:unOrder:edit'),
          rowActions.confirm(),
          rowActions.backToStaged(),
          rowActions.copy(),
          rowActions.remove(),
        ]}
        actionsWidth={230}
        footer={sumsFooter()}
      />
      <OrderImportDialog open={importOpen} onClose={() => setImportOpen(false)} onImported={() => undefined} />
    </>
  );
}
