import { SEND_STATUS } from '@theone/contracts/bus/send';
import { Button, Descriptions, Drawer, Table, Tag, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../../components/DictTag';
import { runStateAction } from '../../../components/state-action';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { usePermission } from '../../../lib/permission';
import { removeFromRun, type TSendLine, useRunDetail } from './api';

/**
 * The lines of one run (sendOrder's expandable row and details drawer): waybill, consignee, phone, address, pieces,
 * amounts (fees for the fee role), sign result; Remove while the run is a draft (A20, P-remove).
 */
export function RunLines({ runId, onChanged }: { runId: number; onChanged?: () => void }) {
  const { t } = useTranslation();
  const { hasPermi, isFeeRole } = usePermission();
  const detail = useRunDetail(runId);
  const run = detail.data?.run;
  const canRemove = run?.status === SEND_STATUS.DRAFT && hasPermi('bus:sendOrder:edit');
  const remove = (line: TSendLine) =>
    runStateAction({
      rows: [line],
      confirm: 'confirm_remove_order',
      run: (_rows, config) => removeFromRun(runId, { orderIds: [line.orderId] }, config),
      onDone: async () => {
        await detail.refetch();
        onChanged?.();
      },
    });
  return (
    <Table<TSendLine>
      size="small"
      rowKey={(l) => `${l.orderId}-${l.lineId}`}
      loading={detail.isLoading}
      pagination={false}
      dataSource={detail.data?.lines ?? []}
      data-testid={`run-lines-${runId}`}
      rowClassName={(l) => (l.returned ? 'send-line-returned' : '')}
      columns={[
        { key: 'transportId', dataIndex: 'transportId', title: t('print_waybill'), width: 150 },
        { key: 'consignee', dataIndex: 'consignee', title: t('print_consignee'), width: 120 },
        { key: 'consigneeTel', dataIndex: 'consigneeTel', title: t('send_print_tel'), width: 120 },
        { key: 'consigneeAddr', dataIndex: 'consigneeAddr', title: t('print_consignee_addr'), ellipsis: true },
        { key: 'pieces', dataIndex: 'pieces', title: t('print_pieces'), width: 60 },
        ...(isFeeRole
          ? [
              {
                key: 'fee',
                title: t('send_field_fee_amount'),
                width: 100,
                render: (_: unknown, l: TSendLine) => formatMoney(l.sendFeeAmount),
              },
            ]
          : []),
        {
          key: 'part',
          title: t('send_field_part_amount'),
          width: 100,
          render: (_: unknown, l: TSendLine) => formatMoney(l.sendPartAmount),
        },
        ...(isFeeRole
          ? [
              {
                key: 'other',
                title: t('send_field_other_amount'),
                width: 100,
                render: (_: unknown, l: TSendLine) => formatMoney(l.sendOtherAmount),
              },
            ]
          : []),
        {
          key: 'sign',
          title: t('field_sign_status'),
          width: 150,
          render: (_: unknown, l: TSendLine) =>
            l.returned ? <Tag>{t('send_line_returned')}</Tag> : <DictTag type="sign_status" value={l.signStatus} />,
        },
        { key: 'signPerson', dataIndex: 'signPerson', title: t('field_sign_person'), width: 100 },
        {
          key: 'signTime',
          title: t('field_sign_time'),
          width: 150,
          render: (_: unknown, l: TSendLine) => formatDateTime(l.signTime as string) || '-',
        },
        ...(canRemove
          ? [
              {
                key: 'remove',
                title: '',
                width: 70,
                render: (_: unknown, l: TSendLine) =>
                  l.returned ? null : (
                    <Button
                      type="link"
                      size="small"
                      danger
                      onClick={() => remove(l)}
                      data-testid={`line-remove-${l.transportId}`}
                    >
                      {t('send_remove')}
                    </Button>
                  ),
              },
            ]
          : []),
      ]}
    />
  );
}

/** The details drawer of a run (`GET send/{id}`): the run, its lines with sign results, the run log. */
export function RunDrawer({ runId, onClose }: { runId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useRunDetail(runId);
  const run = detail.data?.run;
  return (
    <Drawer open={runId !== null} onClose={onClose} width={1000} title={run?.sendNo ?? ''} destroyOnHidden>
      {run ? (
        <>
          <Descriptions size="small" column={3} bordered>
            <Descriptions.Item label={t('send_field_status')}>
              <DictTag type="send_run_status" value={run.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('send_field_send_time')}>
              {formatDateTime(run.sendTime as string)}
            </Descriptions.Item>
            <Descriptions.Item label={t('send_field_driver')}>
              {run.driverName} {run.driverPhone}
            </Descriptions.Item>
            <Descriptions.Item label={t('send_field_plate')}>{run.plateNo || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('send_field_orders')}>{run.orders}</Descriptions.Item>
            <Descriptions.Item label={t('send_field_signed')}>
              {run.signed}/{run.orders}
            </Descriptions.Item>
            <Descriptions.Item label={t('send_field_remark')} span={3}>
              {run.sendRemark || '-'}
            </Descriptions.Item>
          </Descriptions>
          {runId ? (
            <div style={{ marginTop: 12 }}>
              <RunLines runId={runId} />
            </div>
          ) : null}
          <Timeline
            style={{ marginTop: 16 }}
            items={(detail.data?.log ?? []).map((l) => ({
              children: `${formatDateTime(l.createTime as string)} ${l.createBy} ${t(`send_action_${l.action}`)} ${l.remark}`,
            }))}
          />
        </>
      ) : null}
    </Drawer>
  );
}
