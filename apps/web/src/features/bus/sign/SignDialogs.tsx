import { isSignIdcard, isSignTel, normalizeSignIdcard } from '@theone/contracts/bus/send';
import type { TSignSaveBody } from '@theone/contracts/bus/send.schemas';
import { Form, Input } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BusinessDatePicker } from '../../../components/BusinessDatePicker';
import { confirmAction } from '../../../components/confirm';
import { DictSelect } from '../../../components/DictSelect';
import { type FormDialogProps, FormModal } from '../../../components/FormDialog';
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

/**
 * A sign dialog as drivers use it at the door: one column as wide as a phone, then on OK the spec's prompt (P-sign,
 * P-fail: `prompt`, a translation key) before the call; Cancel keeps the dialog open and sends nothing.
 */
function SignModal<Values>({
  prompt,
  onSubmit,
  ...props
}: Omit<FormDialogProps<Values>, 'width' | 'layout'> & { prompt: string }) {
  const { t } = useTranslation();
  return (
    <FormModal<Values>
      {...props}
      width={phone() as number}
      layout="vertical"
      onSubmit={async (values) => {
        if (!(await confirmAction({ content: t(prompt) }))) throw new Error('cancelled');
        return onSubmit(values);
      }}
    />
  );
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

interface TSignDialogEvents {
  onClose: () => void;
  onSaved: () => void;
}

/** What both sign dialogs send from the form: who signed, when, the photo and the remark. */
const signedBy = (v: TSignForm) => ({
  signPerson: v.signPerson ?? '',
  signTime: v.signTime,
  signPicture: String(fileIds(v.signPicture)[0] ?? ''),
  remark: v.remark ?? '',
});

/** 'Required' naming the field (a translation key). */
const required = (t: TFunction, field: string) => ({ required: true, message: t('err_required', { field: t(field) }) });

function SignTimeItem() {
  const { t } = useTranslation();
  return (
    <Form.Item name="signTime" label={t('field_sign_time')} rules={[required(t, 'field_sign_time')]}>
      <BusinessDatePicker showTime size="large" style={{ width: '100%' }} />
    </Form.Item>
  );
}

/** The photo of the signature (one order) or of the signed run sheet (batch). */
function SignPictureItem({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="signPicture" label={t(label)} rules={[required(t, label)]}>
      <UploadField accept="image/*" listType="picture" maxCount={1} maxSizeMb={10} />
    </Form.Item>
  );
}

function RemarkItem() {
  const { t } = useTranslation();
  return (
    <Form.Item name="remark" label={t('field_remark')}>
      <Input.TextArea rows={2} maxLength={500} />
    </Form.Item>
  );
}

/**
 * The 'Sign' form of one order or of a batch: OK asks P-sign, then saves who signed, when, the photo and the
 * remark together with what `target` adds from the form (the order and its pieces, or the ticked orders or run).
 */
function SignOrdersModal({
  open,
  title,
  initialValues,
  target,
  children,
  ...events
}: TSignDialogEvents & {
  open: boolean;
  title: string;
  initialValues: TSignForm;
  target: (v: TSignForm) => Partial<TSignSaveBody>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <SignModal<TSignForm>
      open={open}
      title={title}
      initialValues={initialValues}
      okText={t('send_btn_sign')}
      {...events}
      prompt="confirm_sign"
      onSubmit={(v) => saveSign({ ...target(v), ...signedBy(v) })}
    >
      {children}
    </SignModal>
  );
}

export function SignDialog({ order, ...events }: TSignDialogEvents & { order: TSendLine | null }) {
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
  return (
    <SignOrdersModal
      open={order !== null}
      title={`${t('send_btn_sign')} ${order?.transportId ?? ''}`}
      initialValues={initial}
      {...events}
      target={(v) => ({
        orderId: order!.orderId,
        version: order!.version,
        signPiece: Number(v.signPiece),
        signTel: v.signTel ?? '',
        signIdcard: v.signIdcard ?? '',
      })}
    >
      <Form.Item name="signPerson" label={t('field_sign_person')} rules={[required(t, 'field_sign_person')]}>
        <Input size="large" maxLength={50} data-testid="sign-person" />
      </Form.Item>
      <SignTimeItem />
      <Form.Item
        name="signPiece"
        label={`${t('field_sign_piece')} (≤ ${sent})`}
        extra={t('sign_piece_hint')}
        rules={[
          required(t, 'field_sign_piece'),
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
      <SignPictureItem label="sign_picture" />
      <RemarkItem />
    </SignOrdersModal>
  );
}

/** Batch sign: the ticked orders (`orderIds`) or a whole run (`sendId`), full pieces, one photo of the run sheet. */
export function BatchSignDialog({
  target,
  ...events
}: TSignDialogEvents & { target: { orderIds?: number[]; sendId?: number; label: string } | null }) {
  const { t } = useTranslation();
  const open = target !== null;
  // a fresh 'now' each time the dialog opens
  const initial = useMemo<TSignForm>(() => ({ signTime: open ? businessNowText() : undefined }), [open]);
  return (
    <SignOrdersModal
      open={open}
      title={`${t('sign_btn_batch')} ${target?.label ?? ''}`}
      initialValues={initial}
      {...events}
      target={() => (target?.sendId ? { sendId: target.sendId } : { orderIds: target?.orderIds })}
    >
      <SignTimeItem />
      <Form.Item name="signPerson" label={t('field_sign_person')} extra={t('sign_batch_person_hint')}>
        <Input size="large" maxLength={50} />
      </Form.Item>
      <SignPictureItem label="sign_batch_picture" />
      <RemarkItem />
    </SignOrdersModal>
  );
}

/** Sign fail: the reason (dictionary sign_fail_reason) and a text (required for 'other'). */
export function FailDialog({ orders, ...events }: TSignDialogEvents & { orders: TSendLine[] | null }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ signFailReason?: string; signFailRemark?: string }>();
  const reason = Form.useWatch('signFailReason', form);
  return (
    <SignModal<{ signFailReason?: string; signFailRemark?: string }>
      open={orders !== null}
      form={form}
      title={`${t('sign_btn_fail')} ${(orders ?? []).map((o) => o.transportId).join(', ')}`}
      okText={t('confirm')}
      {...events}
      prompt="confirm_save_fail_reason"
      onSubmit={(v) =>
        failSign({
          orderIds: (orders ?? []).map((o) => o.orderId),
          versions: (orders ?? []).map((o) => o.version),
          signFailReason: v.signFailReason,
          signFailRemark: v.signFailRemark ?? '',
        })
      }
    >
      <Form.Item
        name="signFailReason"
        label={t('send_field_fail_reason')}
        rules={[required(t, 'send_field_fail_reason')]}
      >
        <DictSelect type="sign_fail_reason" size="large" data-testid="fail-reason" />
      </Form.Item>
      <Form.Item
        name="signFailRemark"
        label={t('send_field_fail_remark')}
        rules={reason === '6' ? [required(t, 'send_field_fail_remark')] : []}
      >
        <Input.TextArea rows={3} maxLength={500} data-testid="fail-remark" />
      </Form.Item>
    </SignModal>
  );
}
