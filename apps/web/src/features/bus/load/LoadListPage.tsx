import { DownOutlined, FileExcelOutlined, PrinterOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { loadAllows } from '@theone/contracts/bus/load';
import { Button, Dropdown, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runStateAction } from '../../../components';
import { ListPage } from '../../../components/ListPage';
import { download, exportFileName } from '../../../lib/download';
import { feedback } from '../../../lib/feedback';
import { translate } from '../../../lib/i18n';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../lib/languages';
import { usePermission } from '../../../lib/permission';
import { useLanguage } from '../../../lib/use-language';
import '../shared/bus.css';
import './load.css';
import { LoadSumsFooter } from '../loadplan';
import { containerName } from '../shared/container-fields';
import { detailsAction } from '../shared/list-parts';
import {
  cancelLoading,
  EXPORT_BILL_URL,
  EXPORT_INFO_URL,
  EXPORT_URL,
  LOAD_DETAIL_PATH,
  type LoadWire,
  loadKeys,
  openLoadPdf,
  printAllPath,
  printLoadPath,
} from './api';
import { loadColumns, loadRowAction, loadSearch } from './columns';
import { DeliveryNotesDialog } from './DeliveryNotesDialog';
import { LoadEditDialog } from './LoadEditDialog';

/**
 * loadList (screens §3, key bus:load): containers and trucks once loading began (L1-L5): filters, the columns of
 * the container data and its sums, totals over the filtered set, Export, Print all (ticked, in a template
 * language), and per row Details, Edit container data, Cancel loading (A14, L1/L2, P-cancelLoad) and a documents
 * menu: Print loading list, Export manifest, Export container bill [fee]. Container fees are a later issue: no
 * button for them.
 */
const c = loadColumns<LoadWire['LoadRow']>();

/** A14 with its prompt; resolves true when the loading was cancelled. */
export function cancelLoadingAction(rows: readonly LoadWire['LoadRow'][], onDone: () => unknown) {
  return runStateAction<LoadWire['LoadRow']>({
    rows,
    check: (r) => loadAllows('cancelLoading', r.status),
    wrongState: 'load_msg_cancel_loading_state',
    rowLabel: (r) => r.loadNo,
    confirm: 'load_confirm_cancel_loading',
    confirmValues: { containerNo: rows.map(containerName).join(', ') },
    danger: true,
    run: (list, config) =>
      cancelLoading(
        list.map((r) => r.id),
        config,
      ),
    onDone,
  });
}

export const exportLoadInfo = (r: LoadWire['LoadRow']) =>
  download(EXPORT_INFO_URL, { id: r.id }, exportFileName(`manifest_${r.containerNo || r.loadNo}`));
export const exportLoadBill = (r: LoadWire['LoadRow']) =>
  download(EXPORT_BILL_URL, { id: r.id }, exportFileName(`container_bill_${r.containerNo || r.loadNo}`));

/** 'Print all' of the ticked loads: the UI language on click, the others in the drop-down. */
function PrintAllButton({ ids }: { ids: readonly number[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [busy, setBusy] = useState(false);
  const print = async (lang: Language) => {
    if (!ids.length) {
      feedback.message.warning(translate('msg_select_data_first'));
      return;
    }
    setBusy(true);
    try {
      await openLoadPdf(printAllPath(ids, lang));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space.Compact>
      <Button icon={<PrinterOutlined />} loading={busy} onClick={() => print(language)} data-testid="load-print-all">
        {t('load_btn_print_all')}
      </Button>
      <Dropdown
        trigger={['click']}
        menu={{
          items: LANGUAGES.map((lang) => ({ key: lang, label: LANGUAGE_NAMES[lang] })),
          onClick: ({ key }) => print(key as Language),
        }}
      >
        <Button icon={<DownOutlined />} aria-label={t('print_template_lang')} data-testid="load-print-all-lang" />
      </Dropdown>
    </Space.Compact>
  );
}

/** The container's documents (row menu): loading list PDF, manifest per mark, container bill [fee]. */
interface TDocument {
  key: string;
  label: string;
  perm: string;
  fee: boolean;
  /** shown only for loads in these statuses */
  when?: (r: LoadWire['LoadRow']) => boolean;
  run: (r: LoadWire['LoadRow']) => unknown;
}

const DOCUMENTS: TDocument[] = [
  {
    key: 'print',
    label: 'load_btn_print',
    perm: 'bus:load:print',
    fee: false,
    run: (r: LoadWire['LoadRow']) => openLoadPdf(printLoadPath(r.id)),
  },
  { key: 'manifest', label: 'load_btn_manifest', perm: 'bus:load:exportInfo', fee: false, run: exportLoadInfo },
  { key: 'bill', label: 'load_btn_bill', perm: 'bus:load:exportBill', fee: true, run: exportLoadBill },
];

function DocumentsMenu({ row, items }: { row: LoadWire['LoadRow']; items: readonly TDocument[] }) {
  const { t } = useTranslation();
  const shown = items.filter((d) => !d.when || d.when(row));
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: shown.map((d) => ({
          key: d.key,
          label: t(d.label),
          icon: d.key === 'print' || d.key === 'notes' ? <PrinterOutlined /> : <FileExcelOutlined />,
        })),
        onClick: ({ key }) => shown.find((d) => d.key === key)?.run(row),
      }}
    >
      <Button type="link" size="small" data-testid={`load-docs-${row.loadNo}`}>
        {t('load_documents')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}

export default function LoadListPage() {
  const queryClient = useQueryClient();
  const { hasPermi, isFeeRole } = usePermission();
  const [editing, setEditing] = useState<LoadWire['LoadRow'] | null>(null);
  const [notesOf, setNotesOf] = useState<LoadWire['LoadRow'] | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: loadKeys.all });
  const notes: TDocument = {
    key: 'notes',
    label: 'perm_bus_load_print_send',
    perm: 'bus:load:printSend',
    fee: false,
    when: (r) => loadAllows('deliveryNotes', r.status),
    run: setNotesOf,
  };
  const docs = [...DOCUMENTS, notes].filter((d) => hasPermi(d.perm) && (!d.fee || isFeeRole));
  return (
    <>
      <ListPage<LoadWire['LoadRow']>
        id="bus/loadList"
        queryKey={loadKeys.lists()}
        url="/bus/load/list"
        rowKey="id"
        defaultSort={{ column: 'loadTime', order: 'desc' }}
        searchFields={[
          loadSearch.loadNo(),
          loadSearch.containerNo(),
          loadSearch.dict('status', 'field_status', 'load_status', true),
          loadSearch.text('sealNo', 'field_seal_no'),
          ...loadSearch.transport(),
          loadSearch.dict('containerType', 'field_container_type', 'container_type'),
          loadSearch.range('loadTime', 'load_load_time', 'LoadTime'),
          ...loadSearch.voyage(),
          loadSearch.text('customsCorp', 'load_customs_corp'),
          loadSearch.text('transportId', 'load_search_transport_id'),
          loadSearch.text('mark', 'field_mark'),
        ]}
        columns={[
          c.loadNo(),
          c.text('containerNo', 'field_container_no', 130),
          c.dict('status', 'field_status', 'load_status'),
          c.text('sealNo', 'field_seal_no', 110),
          c.text('truckNo', 'field_truck_no', 110),
          c.dict('containerType', 'field_container_type', 'container_type'),
          c.dict('busType', 'field_bus_type', 'bus_type'),
          c.route(),
          c.time('loadTime', 'load_load_time', true),
          c.text('loadPerson', 'load_load_person', 100),
          c.date('etdDate', 'load_etd_date', true),
          c.date('etaDate', 'load_eta_date', true),
          c.text('vesselOwner', 'field_vessel_owner', 120, true),
          c.vessel(),
          c.text('customsCorp', 'load_customs_corp', 120, true),
          c.num('orderCount', 'load_orders', 80),
          c.num('markCount', 'load_marks', 80),
          c.num('pieces', 'field_cargo_piece', 80),
          c.num('weight', 'field_cargo_weight', 100),
          c.num('volume', 'field_cargo_volume', 100),
          c.fill(),
          c.money('containerFee', 'load_container_fee'),
          c.money('orderArAmount', 'load_order_ar_amount'),
          c.money('estimatedMargin', 'load_estimated_margin'),
          ...(docs.length
            ? [
                {
                  key: 'documents',
                  title: 'load_documents',
                  width: 100,
                  fixed: 'right' as const,
                  render: (_v: unknown, r: LoadWire['LoadRow']) => <DocumentsMenu row={r} items={docs} />,
                },
              ]
            : []),
        ]}
        toolbarExtra={(ctx) =>
          hasPermi('bus:load:print') ? <PrintAllButton ids={ctx.selectedRows.map((r) => r.id)} /> : null
        }
        rowActions={[
          detailsAction('load:info', LOAD_DETAIL_PATH),
          loadRowAction('edit', 'perm_bus_load_edit', 'bus:load:edit', 'editContainer', (r) => setEditing(r)),
          loadRowAction(
            'cancel',
            'perm_bus_load_delete',
            'bus:load:delete',
            'cancelLoading',
            (r, ctx) => cancelLoadingAction([r], () => ctx.refetch()),
            true,
          ),
        ]}
        actionsWidth={250}
        exportConfig={{ url: EXPORT_URL, fileName: 'containers', perm: 'bus:load:export' }}
        footer={(answer) => <LoadSumsFooter sums={(answer as { sums?: LoadWire['LoadSums'] } | undefined)?.sums} />}
      />
      <LoadEditDialog load={editing} onClose={() => setEditing(null)} onDone={refresh} />
      <DeliveryNotesDialog
        load={notesOf && { id: notesOf.id, label: containerName(notesOf) }}
        onClose={() => setNotesOf(null)}
      />
    </>
  );
}
