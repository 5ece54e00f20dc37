import { Col, Form, type FormItemProps } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * One field of a form laid out on antd's 24-column grid: `<Col span><Form.Item label={t(label)} ...>`. `label` is a
 * translation key; everything else goes to Form.Item as it is.
 *
 *   <Row gutter={12}>
 *     <GridField name="email" label="system_email" rules={[...]}><Input maxLength={50} /></GridField>
 *   </Row>
 */
export function GridField({
  span = 12,
  label,
  children,
  ...item
}: Omit<FormItemProps, 'label'> & { span?: number; label: string }) {
  const { t } = useTranslation();
  return (
    <Col span={span}>
      <Form.Item label={t(label)} {...item}>
        {children}
      </Form.Item>
    </Col>
  );
}

/**
 * The 'required' rule with the sheet's message ('<field> is required'); `whitespace` also refuses blank text.
 *
 *   const required = useRequiredRule(true);
 *   rules={[required('system_role_key')]}
 */
export function useRequiredRule(whitespace = false) {
  const { t } = useTranslation();
  return (label: string) =>
    whitespace
      ? { required: true, whitespace: true, message: t('err_required', { field: t(label) }) }
      : { required: true, message: t('err_required', { field: t(label) }) };
}
