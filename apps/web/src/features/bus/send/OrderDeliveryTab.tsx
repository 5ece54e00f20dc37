import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Empty, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../../components/DictTag';
import { downloadFile } from '../../../lib/download';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { getData } from '../../../lib/request';
import { sendKeys, type TSendLine } from './api';

/**
 * The order details' 'Delivery and sign' tab: the order's sign data, and its delivery lines in every run it was in
 * (run, send time, driver, plate, pieces, amount to collect, sign or failure, photos), newest first.
 */
export function OrderDeliveryTab({
  order,
}: {
  order: {
    id: number;
    signTime?: string | null;
    signPerson?: string;
    signPiece?: number | null;
    signStatus: number;
    deliveryStatus: number;
  };
}) {
  const { t } = useTranslation();
  const lines = useQuery({
    queryKey: sendKeys.custom('order', order.id),
    queryFn: () => getData<TSendLine[]>(`/bus/send/order/${order.id}`),
  });
  const photo = (fileId: string, name: string) =>
    fileId ? (
      <Button type="link" size="small" onClick={() => downloadFile(fileId, name)}>
        {t('sign_view_photo')}
      </Button>
    ) : (
      '-'
    );
  const current = (lines.data ?? []).find((l) => !l.returned);
  return (
    <div data-testid="order-delivery-tab">
      <Descriptions
        bordered
        size="small"
        column={2}
        items={[
          { key: 'sn', label: t('send_field_send_no'), children: current?.sendNo || '-' },
          {
            key: 'ds',
            label: t('send_field_delivery_status'),
            children: <DictTag type="send_status" value={order.deliveryStatus} />,
          },
          {
            key: 'dr',
            label: t('send_field_driver'),
            children: current ? `${current.driverName} ${current.plateNo}` : '-',
          },
          {
            key: 'ss',
            label: t('field_sign_status'),
            children: <DictTag type="sign_status" value={order.signStatus} />,
          },
          { key: 'st', label: t('field_sign_time'), children: formatDateTime(order.signTime) || '-' },
          { key: 'sp', label: t('field_sign_person'), children: order.signPerson || '-' },
          { key: 'sn2', label: t('field_sign_piece'), children: order.signPiece ?? '-' },
          { key: 'tel', label: t('send_field_sign_tel'), children: current?.signTel || '-' },
          { key: 'id', label: t('send_field_sign_idcard'), children: current?.signIdcard || '-' },
          {
            key: 'part',
            label: t('send_field_part_amount'),
            children: current?.sendPartAmount ? formatMoney(current.sendPartAmount) : '-',
          },
          { key: 'pic', label: t('sign_picture'), children: photo(current?.signPicture ?? '', 'sign.jpg') },
          { key: 'pod', label: t('sign_btn_pod'), children: photo(current?.podPicture ?? '', 'pod.jpg') },
        ]}
      />
      <Table<TSendLine>
        style={{ marginTop: 12 }}
        size="small"
        rowKey={(l) => String(l.lineId)}
        loading={lines.isLoading}
        pagination={false}
        dataSource={lines.data ?? []}
        locale={{ emptyText: <Empty description={t('send_no_runs')} /> }}
        columns={[
          { key: 'sendNo', dataIndex: 'sendNo', title: t('send_field_send_no'), width: 150 },
          {
            key: 'sendTime',
            title: t('send_field_send_time'),
            width: 150,
            render: (_: unknown, l) => formatDateTime(l.sendTime as string),
          },
          { key: 'driverName', dataIndex: 'driverName', title: t('send_field_driver'), width: 120 },
          { key: 'plateNo', dataIndex: 'plateNo', title: t('send_field_plate'), width: 110 },
          { key: 'pieces', dataIndex: 'pieces', title: t('print_pieces'), width: 60 },
          {
            key: 'result',
            title: t('field_sign_status'),
            render: (_: unknown, l) =>
              l.returned ? (
                <Tag>
                  {t('send_line_returned')}
                  {l.signFailRemark ? ` · ${l.signFailRemark}` : ''}
                </Tag>
              ) : (
                <DictTag type="sign_status" value={l.signStatus} />
              ),
          },
        ]}
      />
    </div>
  );
}
