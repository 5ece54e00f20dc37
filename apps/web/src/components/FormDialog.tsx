import { Button, Drawer, Form, type FormInstance, type FormProps, Modal, Space } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../lib/feedback';
import { isApiError } from '../lib/request';
import { confirmAction } from './confirm';
import { validValues } from './valid-values';

/**
 * Add/edit forms in a modal (system screens, as RuoYi) or a drawer (long forms):
 *
 *   <FormModal<TUserForm> open={open} title={t('add')} initialValues={row}
 *     onSubmit={(values) => saveUser(values)} onClose={() => setOpen(false)} onSaved={() => list.refetch()}>
 *     <Form.Item name="userName" label={t('field_account')} rules={[...]}><Input /></Form.Item>
 *   </FormModal>
 *
 * On open the form is reset to `initialValues`. Save validates, calls `onSubmit`; when it resolves the
 * 'Operation succeeded' toast shows, `onSaved` runs and the dialog closes; when it rejects the dialog stays
 * open (the request client has shown the server's message; a VALIDATION error's `field` is marked on the
 * form). Closing with unsaved changes asks first: 'unsaved' means a field the user edited (antd's
 * `onValuesChange`, which programmatic `setFieldsValue` does not fire) now differs from its value on opening; an
 * untouched form, or one changed and changed back, closes at once.
 */
export interface FormDialogProps<Values> {
  open: boolean;
  title: ReactNode;
  initialValues?: Partial<Values>;
  onSubmit: (values: Values) => Promise<unknown>;
  onClose: () => void;
  onSaved?: (result: unknown) => void;
  children: ReactNode;
  width?: number;
  form?: FormInstance<Values>;
  layout?: FormProps['layout'];
  labelCol?: FormProps['labelCol'];
  /** Translation key of the success toast, or false. */
  successMessage?: string | false;
  /** Ask before closing with unsaved changes. Default true. */
  confirmClose?: boolean;
  okText?: ReactNode;
  /** Show the form without the save button. */
  readOnly?: boolean;
}

const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

function norm(v: unknown): string {
  if (empty(v)) return '';
  if (Array.isArray(v)) return JSON.stringify([...v].map(String).sort());
  if (v instanceof Date) return v.toISOString();
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** True when a value of the form differs from the opening one (empty values alike, lists in any order). */
export function changedFrom(values: Record<string, unknown>, initial: Record<string, unknown> | undefined): boolean {
  for (const key of Object.keys(values)) {
    if (norm(values[key]) !== norm(initial?.[key])) return true;
  }
  return false;
}

function useFormDialog<Values>(props: FormDialogProps<Values>) {
  const { t } = useTranslation();
  const [ownForm] = Form.useForm<Values>();
  const form = props.form ?? ownForm;
  const [saving, setSaving] = useState(false);
  const { open, initialValues } = props;
  const opening = useRef<Record<string, unknown>>({});
  const edited = useRef(new Set<string>());

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (initialValues) form.setFieldsValue(initialValues as Parameters<typeof form.setFieldsValue>[0]);
    opening.current = form.getFieldsValue(true) as Record<string, unknown>;
    edited.current = new Set();
  }, [open, initialValues, form]);

  const save = async () => {
    const values = await validValues(form);
    if (!values) return;
    setSaving(true);
    try {
      const result = await props.onSubmit(values);
      if (props.successMessage !== false) feedback.message.success(t(props.successMessage ?? 'operation_success'));
      props.onSaved?.(result);
      props.onClose();
    } catch (error) {
      if (isApiError(error) && error.field) {
        form.setFields([{ name: error.field.split('.') as never, errors: [error.message] }]);
      }
    } finally {
      setSaving(false);
    }
  };

  const close = async () => {
    const all = form.getFieldsValue(true) as Record<string, unknown>;
    const values = Object.fromEntries([...edited.current].map((key) => [key, all[key]]));
    if ((props.confirmClose ?? true) && !props.readOnly && changedFrom(values, opening.current)) {
      if (!(await confirmAction({ content: t('msg_unsaved_leave') }))) return;
    }
    props.onClose();
  };

  const layout = props.layout ?? 'horizontal';
  const body = (
    <Form<Values>
      form={form}
      layout={layout}
      // A fixed label width only beside the fields: in a vertical form the label's flex basis became a tall gap.
      labelCol={props.labelCol ?? (layout === 'horizontal' ? { flex: '110px' } : undefined)}
      disabled={props.readOnly}
      onValuesChange={(changed: Record<string, unknown>) => {
        for (const key of Object.keys(changed)) edited.current.add(key);
      }}
    >
      {props.children}
    </Form>
  );
  return { t, saving, save, close, body };
}

export function FormModal<Values>(props: FormDialogProps<Values>) {
  const { t, saving, save, close, body } = useFormDialog(props);
  return (
    <Modal
      open={props.open}
      title={props.title}
      width={props.width ?? 600}
      onCancel={close}
      onOk={save}
      okText={props.okText ?? t('confirm')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      okButtonProps={{ hidden: props.readOnly }}
      mask={{ closable: false }}
      forceRender
    >
      {body}
    </Modal>
  );
}

export function FormDrawer<Values>(props: FormDialogProps<Values>) {
  const { t, saving, save, close, body } = useFormDialog(props);
  return (
    <Drawer
      open={props.open}
      title={props.title}
      size={props.width ?? 720}
      onClose={close}
      forceRender
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={close}>{t('cancel')}</Button>
          {props.readOnly ? null : (
            <Button type="primary" loading={saving} onClick={save}>
              {props.okText ?? t('confirm')}
            </Button>
          )}
        </Space>
      }
    >
      {body}
    </Drawer>
  );
}
