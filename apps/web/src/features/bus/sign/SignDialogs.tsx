import { isSignIdcard, isSignTel, normalizeSignIdcard } from '@theone/contracts/bus/send';
import { Form, Input } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BusinessDatePicker } from '../../../components/BusinessDatePicker';
import { confirmAction } from '../../../components/confirm';
import { DictSelect } from '../../../components/DictSelect';
import { FormModal } from '../../../components/FormDialog';
import { IntegerInput } from '../../../components/NumberInput';
import { fileIds, type UploadedFile, UploadField } from '../../../components/UploadField';
import { businessNowText } from '../../../lib/business-time';
import { failSign, saveSign, type TSendLine } from '../send/api';

/**
 * The sign-list dialogs, usable on a phone (drivers sign at the door: one column, large controls, the camera
 * through the photo field): Sign one order (A23, P-sign), Batch sign (one photo of the signed run sheet, full
 * pieces), Sign fail (A24, reason list and text, P-fail). Each validates like the server (contracts: phone, Thai or
 * Chinese ID with its check digit, pieces 1..sent) and shows the server's refusal otherwise.
 */

const phone = () => (typeof window !== 'undefined' && window.innerWidth < 600 ? '100%' : 520);

/** The spec's prompt (P-sign, P-fail); Cancel keeps the dialog open and sends nothing. */
async function prompted(content: string) {
  if (!(await confirmAction({ content }))) throw new Error('cancelled');
}

interface TSignForm {
  signPerson?: string;
  signTime?: string;
  signPiece?: number | string | null;
  signTel?: string;
  signIdcard?: string;
  signPicture?: UploadedFile[];
  remark?: string;
}

export function SignDialog({
  order,
  onClose,
  onSaved,
}: {
  order: TSendLine | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const sent = order?.pieces ?? order?.arrivedPiece ?? 1;
  const initial = useMemo<TSignForm>(
    () => ({
      signPerson: order?.consignee ?? '',
      signTime: businessNowText(),
      signPiece: sent,
      signTel: order?.consigneeTel ?? '',
    }),
    [order, sent],
  );
  const required = (field: string) => ({ required: true, message: t('err_required', { field: t(field) }) });
  return (
    <FormModal<TSignForm>
      open={order !== null}
      title={`${t('send_btn_sign')} ${order?.transportId ?? ''}`}
      initialValues={initial}
      width={phone() as number}
      layout="vertical"
      okText={t('send_btn_sign')}
      onClose={onClose}
      onSaved={onSaved}
      onSubmit={async (v) => {
        await prompted(t('confirm_sign'));
        return saveSign({
          orderId: order!.orderId,
          version: order!.version,
          signPerson: v.signPerson ?? '',
          signTime: v.signTime,
          signPiece: Number(v.signPiece),
          signTel: v.signTel ?? '',
          signIdcard: v.signIdcard ?? '',
          signPicture: String(fileIds(v.signPicture)[0] ?? ''),
          remark: v.remark ?? '',
        });
      }}
    >
      <Form.Item name="signPerson" label={t('field_sign_person')} rules={[required('field_sign_person')]}>
        <Input size="large" maxLength={50} data-testid="sign-person" />
      </Form.Item>
      <Form.Item name="signTime" label={t('field_sign_time')} rules={[required('field_sign_time')]}>
        <BusinessDatePicker showTime size="large" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="signPiece"
        label={`${t('field_sign_piece')} (≤ ${sent})`}
        extra={t('sign_piece_hint')}
        rules={[
          required('field_sign_piece'),
          {
            validator: (_r, v) => {
              const n = Number(v);
              return Number.isInteger(n) && n >= 1 && n <= sent
                ? Promise.resolve()
                : Promise.reject(new Error(t('sign_err_piece_range', { max: sent })));
            },
          },
        ]}
      >
        <IntegerInput size="large" inputMode="numeric" data-testid="sign-piece" />
      </Form.Item>
      <Form.Item
        name="signTel"
        label={t('send_field_sign_tel')}
        rules={[
          {
            validator: (_r, v) =>
              isSignTel(String(v ?? '').trim()) ? Promise.resolve() : Promise.reject(new Error(t('err_phone'))),
          },
        ]}
      >
        <Input size="large" inputMode="tel" maxLength={30} data-testid="sign-tel" />
      </Form.Item>
      <Form.Item
        name="signIdcard"
        label={t('send_field_sign_idcard')}
        extra={t('sign_idcard_hint')}
        rules={[
          {
            validator: (_r, v) =>
              isSignIdcard(normalizeSignIdcard(String(v ?? '').trim()))
                ? Promise.resolve()
                : Promise.reject(new Error(t('err_id_card'))),
          },
        ]}
      >
        <Input size="large" maxLength={25} data-testid="sign-idcard" />
      </Form.Item>
      <Form.Item name="signPicture" label={t('sign_picture')} rules={[required('sign_picture')]}>
        <UploadField accept="image/*" listType="picture" maxCount={1} maxSizeMb={10} />
      </Form.Item>
      <Form.Item name="remark" label={t('field_remark')}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </FormModal>
  );
}

/** Batch sign: the ticked orders (`orderIds`) or a whole run (`sendId`), full pieces, one photo of the run sheet. */
export function BatchSignDialog({
  target,
  onClose,
  onSaved,
}: {
  target: { orderIds?: number[]; sendId?: number; label: string } | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const open = target !== null;
  // a fresh 'now' each time the dialog opens
  const initial = useMemo<TSignForm>(() => ({ signTime: open ? businessNowText() : undefined }), [open]);
  return (
    <FormModal<TSignForm>
      open={target !== null}
      title={`${t('sign_btn_batch')} ${target?.label ?? ''}`}
      initialValues={initial}
      width={phone() as number}
      layout="vertical"
      okText={t('send_btn_sign')}
      onClose={onClose}
      onSaved={onSaved}
      onSubmit={async (v) => {
        await prompted(t('confirm_sign'));
        return saveSign({
          ...(target?.sendId ? { sendId: target.sendId } : { orderIds: target?.orderIds }),
          signPerson: v.signPerson ?? '',
          signTime: v.signTime,
          signPicture: String(fileIds(v.signPicture)[0] ?? ''),
          remark: v.remark ?? '',
        });
      }}
    >
      <Form.Item
        name="signTime"
        label={t('field_sign_time')}
        rules={[{ required: true, message: t('err_required', { field: t('field_sign_time') }) }]}
      >
        <BusinessDatePicker showTime size="large" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="signPerson" label={t('field_sign_person')} extra={t('sign_batch_person_hint')}>
        <Input size="large" maxLength={50} />
      </Form.Item>
      <Form.Item
        name="signPicture"
        label={t('sign_batch_picture')}
        rules={[{ required: true, message: t('err_required', { field: t('sign_batch_picture') }) }]}
      >
        <UploadField accept="image/*" listType="picture" maxCount={1} maxSizeMb={10} />
      </Form.Item>
      <Form.Item name="remark" label={t('field_remark')}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </FormModal>
  );
}

/** Sign fail: the reason (dictionary sign_fail_reason) and a text (required for 'other'). */
export function FailDialog({
  orders,
  onClose,
  onSaved,
}: {
  orders: TSendLine[] | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ signFailReason?: string; signFailRemark?: string }>();
  const reason = Form.useWatch('signFailReason', form);
  return (
    <FormModal<{ signFailReason?: string; signFailRemark?: string }>
      open={orders !== null}
      form={form}
      title={`${t('sign_btn_fail')} ${(orders ?? []).map((o) => o.transportId).join(', ')}`}
      width={phone() as number}
      layout="vertical"
      okText={t('confirm')}
      onClose={onClose}
      onSaved={onSaved}
      onSubmit={async (v) => {
        await prompted(t('confirm_save_fail_reason'));
        return failSign({
          orderIds: (orders ?? []).map((o) => o.orderId),
          versions: (orders ?? []).map((o) => o.version),
          signFailReason: v.signFailReason,
          signFailRemark: v.signFailRemark ?? '',
        });
      }}
    >
      <Form.Item
        name="signFailReason"
        label={t('send_field_fail_reason')}
        rules={[{ required: true, message: t('err_required', { field: t('send_field_fail_reason') }) }]}
      >
        <DictSelect type="sign_fail_reason" size="large" data-testid="fail-reason" />
      </Form.Item>
      <Form.Item
        name="signFailRemark"
        label={t('send_field_fail_remark')}
        rules={
          reason === '6' ? [{ required: true, message: t('err_required', { field: t('send_field_fail_remark') }) }] : []
        }
      >
        <Input.TextArea rows={3} maxLength={500} data-testid="fail-remark" />
      </Form.Item>
    </FormModal>
  );
}
