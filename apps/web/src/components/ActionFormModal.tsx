import { Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validValues } from './valid-values';

export interface ActionFormModalProps<Values> {
  form: FormInstance<Values>;
  open: boolean;
  title: string;
  width: number;
  onClose: () => void;
  /** After a successful save, before the dialog closes (refresh the list). */
  onDone: () => unknown;
  /** Runs on valid values before saving; false stops (e.g. the user said no to a confirmation). */
  prepare?: (values: Values) => Promise<boolean>;
  /** The call; the OK button spins meanwhile. A failure keeps the dialog open (the request layer told the user). */
  save: (values: Values) => Promise<unknown>;
  /** Class of the element around the fields (a grid). */
  bodyClassName?: string;
  children: ReactNode;
}

/**
 * A modal form that runs one business action: validate, (prepare), save with a spinning OK button, then refresh
 * and close. For a form whose answer is 'saved' with unsaved-changes prompts, use FormModal instead.
 */
export function ActionFormModal<Values>(props: ActionFormModalProps<Values>) {
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const values = await validValues(props.form);
    if (!values) return;
    if (props.prepare && !(await props.prepare(values))) return;
    setSaving(true);
    try {
      await props.save(values);
      await props.onDone();
      props.onClose();
    } catch {
      /* shown */
    } finally {
      setSaving(false);
    }
  };
  return (
    <ActionModal
      open={props.open}
      title={props.title}
      width={props.width}
      onCancel={props.onClose}
      onOk={submit}
      busy={saving}
    >
      <Form<Values> form={props.form} layout="vertical">
        <div className={props.bodyClassName}>{props.children}</div>
      </Form>
    </ActionModal>
  );
}

/** A modal with Confirm and Cancel whose content is dropped when it closes; `busy` spins the Confirm button. */
export function ActionModal(props: {
  open: boolean;
  title: ReactNode;
  width: number;
  onCancel: () => void;
  onOk: () => unknown;
  busy: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={props.open}
      title={props.title}
      width={props.width}
      onCancel={props.onCancel}
      onOk={props.onOk}
      confirmLoading={props.busy}
      okText={t('confirm')}
      cancelText={t('cancel')}
      destroyOnHidden
    >
      {props.children}
    </Modal>
  );
}
