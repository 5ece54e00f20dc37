import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { BusinessDatePicker } from '../../../components/BusinessDatePicker';

/** A required date and time in the business zone (pick-up, loading, departure, ETA, milestone); label: a translation key. */
export function RequiredTimeItem({ name, label, testId }: { name: string; label: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={t(label)} rules={[{ required: true, message: t('err_required') }]}>
      <BusinessDatePicker showTime data-testid={testId} />
    </Form.Item>
  );
}
