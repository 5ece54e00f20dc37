import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import { Button, Card, Form, type FormInstance, Skeleton } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLeavePage } from '../../../app/layout/use-leave-page';
import { confirmAction } from '../../../components/confirm';
import { FormFooter } from '../../../components/FormFooter';
import { validValues } from '../../../components/valid-values';
import { feedback } from '../../../lib/feedback';
import { isApiError } from '../../../lib/request';
import './bas.css';

/**
 * An add or edit page of basic data (screens §0 'Other pages': separate routes, Save returns to the list,
 * Save and Back in a footer that stays in view at the bottom while the form is on screen,
 * leaving with unsaved changes asks first). The caller owns the form instance and the fields; this page
 * loads nothing itself: it shows a skeleton while `loading`, sets `initialValues` once (the first time they
 * are there and nothing is loading), saves through
 * `onSubmit`, toasts, refreshes `invalidate` and goes back to `listPath`. A VALIDATION answer's `field` is
 * marked on the form.
 */
export interface BasFormPageProps<Values> {
  title: ReactNode;
  form: FormInstance<Values>;
  listPath: string;
  initialValues?: Partial<Values>;
  loading?: boolean;
  onSubmit: (values: Values) => Promise<unknown>;
  invalidate?: readonly (readonly unknown[])[];
  children: ReactNode;
  /** Extra content under the form (tables managed outside the form, calculators). */
  extra?: ReactNode;
  onValuesChange?: (changed: Partial<Values>, all: Values) => void;
  labelWidth?: number;
  testId?: string;
}

export function BasFormPage<Values>(props: BasFormPageProps<Values>) {
  const { t } = useTranslation();
  const leave = useLeavePage();
  const [saving, setSaving] = useState(false);
  const { form, initialValues, loading } = props;

  // The initial values are applied once, when they are first available: later changes of the caller's
  // inputs (a select's options arriving) must never wipe what the user has typed.
  const applied = useRef(false);
  useEffect(() => {
    if (loading || !initialValues || applied.current) return;
    applied.current = true;
    form.resetFields();
    form.setFieldsValue(initialValues as Parameters<typeof form.setFieldsValue>[0]);
  }, [form, initialValues, loading]);

  const back = async () => {
    if (form.isFieldsTouched() && !(await confirmAction({ content: t('msg_unsaved_leave') }))) return;
    await leave(props.listPath);
  };

  const save = async () => {
    const values = await validValues(form, ([first]) => {
      if (first) form.scrollToField(first.name, { block: 'center' });
    });
    if (!values) return;
    setSaving(true);
    try {
      await props.onSubmit(values);
      feedback.message.success(t('operation_success'));
      form.resetFields();
      await leave(props.listPath, props.invalidate ?? []);
    } catch (error) {
      if (isApiError(error) && error.field) {
        const name = error.field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
        form.setFields([{ name: name as never, errors: [error.message] }]);
        form.scrollToField(name as never, { block: 'center' });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card className="bas-page" title={props.title} data-testid={props.testId}>
      {loading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Form<Values>
          form={form}
          layout="horizontal"
          labelCol={{ flex: `${props.labelWidth ?? 130}px` }}
          labelWrap
          onValuesChange={props.onValuesChange}
          scrollToFirstError
        >
          {props.children}
        </Form>
      )}
      {props.extra}
      <FormFooter data-testid="bas-form-footer">
        <Button
          type="primary"
          icon={<SaveOutlined />}
          loading={saving}
          disabled={loading}
          onClick={save}
          data-testid="bas-form-save"
        >
          {t('save')}
        </Button>
        <Button icon={<ArrowLeftOutlined />} onClick={back} data-testid="bas-form-back">
          {t('back')}
        </Button>
      </FormFooter>
    </Card>
  );
}

/** A titled block of form fields in a responsive grid. */
export function FormSection({ title, children, extra }: { title: ReactNode; children: ReactNode; extra?: ReactNode }) {
  return (
    <section className="bas-form-section">
      <div className="bas-form-section-title">
        <span>{title}</span>
        {extra}
      </div>
      <div className="bas-form-grid">{children}</div>
    </section>
  );
}
