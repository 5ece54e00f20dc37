import { Form } from 'antd';
import { useEffect, useRef } from 'react';
import { confirmAction } from '../../../components/confirm';
import { type FormDialogProps, FormModal } from '../../../components/FormDialog';
import { translate } from '../../../lib/i18n';

/**
 * <FormModal> with the unsaved-changes prompt based on the values, not on antd's 'touched' flag: the form
 * library marks every field set by `setFieldsValue` as touched (so FormModal's own check asks on every close
 * of an untouched form; reported to the shell). Closing asks only when a value differs from the initial one.
 */
const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

function norm(v: unknown): string {
  if (empty(v)) return '';
  if (Array.isArray(v)) return JSON.stringify([...v].map(String).sort());
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

export function changedFrom(values: Record<string, unknown>, initial: Record<string, unknown> | undefined): boolean {
  const keys = new Set([...Object.keys(values), ...Object.keys(initial ?? {})]);
  for (const key of keys) {
    if (!(key in values)) continue;
    if (norm(values[key]) !== norm(initial?.[key])) return true;
  }
  return false;
}

export function SystemFormModal<Values>(props: FormDialogProps<Values>) {
  const [ownForm] = Form.useForm<Values>();
  const form = props.form ?? ownForm;
  const saved = useRef(false);
  useEffect(() => {
    if (props.open) saved.current = false;
  }, [props.open]);

  const onClose = async () => {
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    if (
      !saved.current &&
      !props.readOnly &&
      changedFrom(values, props.initialValues as Record<string, unknown> | undefined)
    ) {
      if (!(await confirmAction({ content: translate('msg_unsaved_leave') }))) return;
    }
    props.onClose();
  };

  return (
    <FormModal<Values>
      {...props}
      form={form}
      confirmClose={false}
      onSaved={(result) => {
        saved.current = true;
        props.onSaved?.(result);
      }}
      onClose={onClose}
    />
  );
}
