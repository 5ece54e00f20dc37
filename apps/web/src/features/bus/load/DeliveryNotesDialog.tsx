import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { TLoadNoteRow } from '@theone/contracts/bus/load-notes.schemas';
import { Alert, Button, Modal, Segmented, Space, Table, type TableColumnType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../../components/DictTag';
import { LANGUAGE_NAMES, type Language } from '../../../lib/languages';
import { LOAD_NOTES_PRINT_URL, loadKeys, openLoadPdf, previewLoadNotes } from './api';

/**
 * 'Print delivery notes' of a container (screens loadList/loadDetails, L4+, bus:load:printSend): the preview
 * (`load/previewSend`) lists the caller's orders of the container with what each note will say (consignee,
 * address, pieces, the amount to collect, the delivery run); the unsigned ones are ticked. Print sends the ticked
 * ones to `load/printSend` in the chosen language (Thai by default: consignees in Thailand sign them).
 */

/** Thai first: the default of the notes. */
const LANGS = (['th', 'zh-cn', 'en'] as const).map((value) => ({ value, label: LANGUAGE_NAMES[value] }));

export function DeliveryNotesDialog({
  load,
  onClose,
}: {
  load: { id: number; label: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  /** A column of the notes table showing the row's `key`; title: a translation key. */
  const column = (
    key: keyof TLoadNoteRow & string,
    title: string,
    width: number,
    more: TableColumnType<TLoadNoteRow> = {},
  ): TableColumnType<TLoadNoteRow> => ({ key, dataIndex: key, title: t(title), width, ...more });
  const [lang, setLang] = useState<Language>('th');
  const [busy, setBusy] = useState(false);
  const preview = useQuery({
    queryKey: [...loadKeys.detail(load?.id ?? 0), 'notes'],
    queryFn: () => previewLoadNotes(load!.id),
    enabled: load !== null,
    retry: false,
  });
  const rows = preview.data?.rows;
  // the unsigned orders are ticked from the first render of the rows (not by an effect a render later); the
  // caller's ticks hold until other rows come (another load)
  const [chosen, setChosen] = useState<{ rows: typeof rows; keys: number[] } | null>(null);
  const selected =
    chosen && chosen.rows === rows ? chosen.keys : (rows ?? []).filter((r) => !r.signed).map((r) => r.orderId);
  const setSelected = (keys: number[]) => setChosen({ rows, keys });
  const print = async () => {
    if (!load) return;
    setBusy(true);
    try {
      if (await openLoadPdf(LOAD_NOTES_PRINT_URL, { loadId: load.id, orderIds: selected, lang })) onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={load !== null}
      title={`${t('perm_bus_load_print_send')} · ${load?.label ?? ''}`}
      width={1240}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Segmented<Language> options={LANGS} value={lang} onChange={setLang} data-testid="load-notes-lang" />
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button
            type="primary"
            icon={<PrinterOutlined />}
            loading={busy}
            disabled={!selected.length}
            onClick={print}
            data-testid="load-notes-print"
          >
            {t('load_notes_print', { count: selected.length })}
          </Button>
        </Space>
      }
    >
      {preview.isError ? (
        <Alert type="error" showIcon title={t('load_notes_unavailable')} />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('load_notes_hint')}</Typography.Text>
          <Table<TLoadNoteRow>
            size="small"
            rowKey="orderId"
            loading={preview.isLoading}
            dataSource={rows ?? []}
            pagination={false}
            scroll={{ y: 420, x: 1240 }}
            data-testid="load-notes-table"
            rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
            columns={[
              column('transportId', 'field_transport_id', 150),
              column('mark', 'field_mark', 120),
              column('status', 'field_status', 110, {
                render: (v: number) => <DictTag type="order_status" value={v} />,
              }),
              column('consignee', 'print_consignee', 120),
              column('consigneeTel', 'send_print_tel', 120),
              column('consigneeAddr', 'print_consignee_addr', 260, { ellipsis: true }),
              column('pieces', 'print_pieces', 70, { align: 'right' }),
              column('collectAmount', 'send_field_part_amount', 110, {
                align: 'right',
                render: (v: string | null) => (v ? <Typography.Text strong>{v}</Typography.Text> : ''),
              }),
              column('sendNo', 'send_field_send_no', 140, {
                render: (v: string, r) => (r.signed ? <Tag color="green">{t('load_notes_signed')}</Tag> : v),
              }),
            ]}
          />
        </Space>
      )}
    </Modal>
  );
}
