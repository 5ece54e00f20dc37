import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { BusinessDatePicker } from '../../../components/BusinessDatePicker';

/** A required date and time in the business zone (pick-up, loading, departure, ETA, milestone); label: a translation key. */
export function RequiredTimeItem({ name, label, testId }: { name: string; label: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={t(label)}
      rules={[{ required: true, message: t('err_required', { field: t(label) }) }]}
    >
      <BusinessDatePicker showTime data-testid={testId} />
    </Form.Item>
  );
}

/** A required text (blanks alone refused) of at most `max` characters; label: a translation key. */
export function RequiredTextItem({
  name,
  label,
  max,
  testId,
}: {
  name: string;
  label: string;
  max: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={t(label)}
      rules={[{ required: true, whitespace: true, message: t('err_required', { field: t(label) }) }, { max }]}
    >
      <Input autoComplete="off" maxLength={max} data-testid={testId} />
    </Form.Item>
  );
}
