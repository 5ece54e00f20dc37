import { parseSearchNumbers } from '@theone/contracts';
import { Form, Input, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionFormModal } from '../../../components/ActionFormModal';
import { DictSelect } from '../../../components/DictSelect';
import { fileIds, type UploadedFile, UploadField } from '../../../components/UploadField';
import { feedback } from '../../../lib/feedback';
import { translate } from '../../../lib/i18n';
import { findByCode } from '../inware/api';
import { closeException, raiseException } from './api';

/**
 * The exception list's dialogs: Raise (scan or type several waybills; type*, description*) and Close (handling
 * remark*, with P-close 'Close this problem item?').
 */

interface TChosen {
  id: number;
  transportId: string;
}

/** Raise: waybills scanned (a wedge scanner types the code and Enter) or typed, comma lists accepted. */
export function RaiseDialog(props: { open: boolean; initial: TChosen[]; onClose: () => void; onDone: () => unknown }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ exceptionType: string; exceptionDesc: string; photos?: UploadedFile[] }>();
  const [chosen, setChosen] = useState<TChosen[]>([]);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (props.open) {
      setChosen(props.initial);
      setCode('');
      setError(null);
      form.resetFields();
    }
  }, [props.open, props.initial, form]);

  const add = async (text: string) => {
    const codes = parseSearchNumbers(text, true);
    if (codes === null) {
      setError(translate('msg_comma_separated'));
      return;
    }
    setError(null);
    setCode('');
    for (const c of codes) {
      try {
        const order = await findByCode(c, { silent: true });
        setChosen((prev) =>
          prev.some((p) => p.id === order.id) ? prev : [...prev, { id: order.id, transportId: order.transportId }],
        );
      } catch {
        setError(translate('exception_not_found', { code: c }));
      }
    }
  };

  return (
    <ActionFormModal
      form={form}
      open={props.open}
      title={t('exception_raise_title')}
      width={560}
      onClose={props.onClose}
      onDone={props.onDone}
      prepare={async () => {
        if (chosen.length) return true;
        feedback.message.warning(translate('msg_select_data_first'));
        return false;
      }}
      save={(v) =>
        raiseException(
          chosen.map((c) => c.id),
          { exceptionType: v.exceptionType, exceptionDesc: v.exceptionDesc },
          fileIds(v.photos).map(String),
        )
      }
    >
      <Form.Item label={t('exception_waybills')} required validateStatus={error ? 'error' : ''} help={error}>
        <Input
          autoFocus
          value={code}
          placeholder={t('exception_waybills_hint')}
          onChange={(e) => setCode(e.target.value)}
          onPressEnter={(e) => {
            e.preventDefault();
            void add(code);
          }}
          data-testid="exception-waybill-input"
        />
      </Form.Item>
      <Space wrap style={{ marginBottom: 12 }} data-testid="exception-chosen">
        <span>{t('exception_chosen', { count: chosen.length })}</span>
        {chosen.map((c) => (
          <Tag key={c.id} closable onClose={() => setChosen((prev) => prev.filter((p) => p.id !== c.id))}>
            {c.transportId}
          </Tag>
        ))}
      </Space>
      <Form.Item name="exceptionType" label={t('field_exception_type')} rules={[{ required: true }]}>
        <DictSelect type="exception_type" data-testid="exception-type" />
      </Form.Item>
      <Form.Item name="exceptionDesc" label={t('field_exception_desc')} rules={[{ required: true, whitespace: true }]}>
        <Input.TextArea rows={3} maxLength={500} showCount data-testid="exception-desc" />
      </Form.Item>
      <Form.Item name="photos" label={t('exception_photos')}>
        <UploadField maxCount={9} accept="image/*" maxSizeMb={10} listType="picture" />
      </Form.Item>
    </ActionFormModal>
  );
}

/** Close: the handling remark is required (P-close). */
export function CloseDialog(props: {
  rows: { id: number; version: number; transportId: string }[] | null;
  onClose: () => void;
  onDone: () => unknown;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ handleRemark: string }>();
  const open = props.rows !== null;
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  return (
    <ActionFormModal
      form={form}
      open={open}
      title={t('confirm_close_exception')}
      width={480}
      onClose={props.onClose}
      onDone={props.onDone}
      save={(v) => closeException(props.rows ?? [], v.handleRemark)}
    >
      <p>{(props.rows ?? []).map((r) => r.transportId).join(', ')}</p>
      <Form.Item name="handleRemark" label={t('field_handle_remark')} rules={[{ required: true, whitespace: true }]}>
        <Input.TextArea rows={3} maxLength={500} showCount data-testid="exception-handle-remark" />
      </Form.Item>
    </ActionFormModal>
  );
}
