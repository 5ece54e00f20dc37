import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionFormModal } from '../../../components/ActionFormModal';
import { BusinessDatePicker } from '../../../components/BusinessDatePicker';
import { fileIds, type UploadedFile, UploadField } from '../../../components/UploadField';
import { businessNowText, formatBusinessTime } from '../../../lib/business-time';
import { createQueryKeys } from '../../../lib/query-keys';
import { getData } from '../../../lib/request';
import { containerName } from '../shared/container-fields';
import { type TActionDialogEvents, useActionDialog } from '../shared/dialog-form';
import { RequiredTimeItem } from '../shared/form-items';
import { type ArriveWire, editArrive, setLocation } from './api';

/**
 * The dialogs of the pick-up screens:
 * - PickupDialog (`arrive/edit`, screens arriveList 'Register pick-up'): pick-up time (now), vehicle and driver
 *   (basic data), overseas warehouse, unloading time, seal intact, photos of the seal and the doors (images,
 *   uploaded through the files module), remark;
 * - LocationDialog (`arrive/location`, arriveOrder 'Set location'): the shelf of the ticked S6 orders.
 */

const refKeys = createQueryKeys('bus/arrive/refs');

/** A select over a basic-data `/select` answer (a form control). */
function RefSelect<T>(props: {
  url: string;
  params?: Record<string, string>;
  label: (r: T) => string;
  id: (r: T) => number;
  testId?: string;
  value?: number | null;
  onChange?: (v: number | null) => void;
}) {
  const { t } = useTranslation();
  const { url, params, label, id, testId, ...control } = props;
  const { data } = useQuery({
    queryKey: refKeys.custom(url, JSON.stringify(params ?? {})),
    queryFn: () => getData<T[]>(url, params),
    staleTime: 60_000,
  });
  return (
    <Select<number | null>
      {...control}
      onChange={(v) => control.onChange?.(v ?? null)}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      options={(data ?? []).map((r) => ({ value: id(r), label: label(r) }))}
      placeholder={t('please_select')}
      data-testid={testId}
    />
  );
}

interface PickupValues {
  pickupTime: string;
  vehicleId?: number | null;
  driverId?: number | null;
  houseId: number;
  unloadTime?: string | null;
  sealIntact: boolean;
  sealPhotos?: UploadedFile[];
  doorPhotos?: UploadedFile[];
  remark?: string;
}

type TPickupRecord = Pick<
  ArriveWire['ArriveRow'],
  | 'id'
  | 'version'
  | 'containerNo'
  | 'truckNo'
  | 'loadNo'
  | 'pickupTime'
  | 'vehicleId'
  | 'driverId'
  | 'houseId'
  | 'unloadTime'
  | 'sealIntact'
  | 'remark'
>;

const photosOf = (photos: ArriveWire['ArriveDetail']['photos'] | undefined, kind: '1' | '2'): UploadedFile[] =>
  (photos ?? []).filter((p) => p.kind === kind).map((p) => ({ fileId: p.fileId, name: p.name }));

export function PickupDialog({
  record,
  photos,
  onClose,
  onDone,
}: {
  record: TPickupRecord | null;
  photos?: ArriveWire['ArriveDetail']['photos'];
} & TActionDialogEvents) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PickupValues>();
  useEffect(() => {
    if (!record) return;
    form.setFieldsValue({
      pickupTime: record.pickupTime ? formatBusinessTime(record.pickupTime) : businessNowText(),
      vehicleId: record.vehicleId,
      driverId: record.driverId,
      houseId: record.houseId ?? undefined,
      unloadTime: record.unloadTime ? formatBusinessTime(record.unloadTime) : null,
      sealIntact: record.sealIntact !== '0',
      sealPhotos: photosOf(photos, '1'),
      doorPhotos: photosOf(photos, '2'),
      remark: record.remark,
    });
  }, [record, photos, form]);
  return (
    <ActionFormModal<PickupValues>
      form={form}
      open={record !== null}
      title={t('arrive_register_title', { containerNo: record ? containerName(record) : '' })}
      width={640}
      onClose={onClose}
      onDone={onDone}
      bodyClassName="arrive-form-grid"
      save={(v) =>
        editArrive({
          id: record!.id,
          version: record!.version,
          pickupTime: v.pickupTime,
          vehicleId: v.vehicleId ?? null,
          driverId: v.driverId ?? null,
          houseId: v.houseId,
          unloadTime: v.unloadTime || null,
          sealIntact: v.sealIntact ? '1' : '0',
          remark: v.remark ?? '',
          sealPhotos: fileIds(v.sealPhotos).map(String),
          doorPhotos: fileIds(v.doorPhotos).map(String),
        })
      }
    >
      <RequiredTimeItem name="pickupTime" label="arrive_pickup_time" testId="pickup-time" />
      <Form.Item
        name="houseId"
        label={t('arrive_house')}
        rules={[{ required: true, message: t('err_required', { field: t('arrive_house') }) }]}
      >
        <RefSelect<{ id: number; label: string }>
          url="/bas/warehouse/select"
          params={{ whType: '2' }}
          label={(r) => r.label}
          id={(r) => r.id}
          testId="pickup-house"
        />
      </Form.Item>
      <Form.Item name="vehicleId" label={t('arrive_vehicle')}>
        <RefSelect<{ id: number; plateNo: string }>
          url="/bas/vehicle/select"
          label={(r) => r.plateNo}
          id={(r) => r.id}
          testId="pickup-vehicle"
        />
      </Form.Item>
      <Form.Item name="driverId" label={t('arrive_driver')}>
        <RefSelect<{ id: number; driverName: string; phone: string }>
          url="/bas/driver/select"
          label={(r) => `${r.driverName} ${r.phone}`}
          id={(r) => r.id}
          testId="pickup-driver"
        />
      </Form.Item>
      <Form.Item name="unloadTime" label={t('arrive_unload_time')}>
        <BusinessDatePicker showTime data-testid="pickup-unload-time" />
      </Form.Item>
      <Form.Item name="sealIntact" label={t('arrive_seal_intact')} valuePropName="checked">
        <Switch data-testid="pickup-seal-intact" />
      </Form.Item>
      <Form.Item name="sealPhotos" label={t('arrive_seal_photos')}>
        <UploadField maxCount={10} accept="image/*" maxSizeMb={10} listType="picture" />
      </Form.Item>
      <Form.Item name="doorPhotos" label={t('arrive_door_photos')}>
        <UploadField maxCount={10} accept="image/*" maxSizeMb={10} listType="picture" />
      </Form.Item>
      <Form.Item name="remark" label={t('field_remark')} className="arrive-form-wide">
        <Input.TextArea maxLength={500} rows={2} data-testid="pickup-remark" />
      </Form.Item>
    </ActionFormModal>
  );
}

interface LocationValues {
  trayNo: string;
}
type TShelvedOrder = { id: number; version: number; transportId: string; trayNo: string };

export function LocationDialog({
  orders,
  ...events
}: TActionDialogEvents & { orders: readonly TShelvedOrder[] | null }) {
  const { t } = useTranslation();
  const dialog = useActionDialog<LocationValues, readonly TShelvedOrder[]>(orders, events, (chosen) => ({
    trayNo: chosen.length === 1 ? chosen[0]!.trayNo : '',
  }));
  return (
    <ActionFormModal<LocationValues>
      {...dialog}
      title={t('arrive_location_title', { count: orders?.length ?? 0 })}
      width={460}
      save={(v) =>
        setLocation({
          orderIds: (orders ?? []).map((o) => o.id),
          versions: (orders ?? []).map((o) => o.version),
          trayNo: v.trayNo.trim(),
        })
      }
    >
      <Typography.Paragraph type="secondary">
        {(orders ?? []).map((o) => o.transportId).join(', ')}
      </Typography.Paragraph>
      <Form.Item
        name="trayNo"
        label={t('arrive_location')}
        rules={[{ required: true, whitespace: true, message: t('err_required', { field: t('arrive_location') }) }]}
      >
        <Input maxLength={50} autoFocus data-testid="location-input" />
      </Form.Item>
    </ActionFormModal>
  );
}
