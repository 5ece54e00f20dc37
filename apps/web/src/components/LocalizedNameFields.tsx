import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import './localized-name-fields.css';

/**
 * A system record's name in three languages (docs/adr/0007-system-names-in-three-languages.md): the name as typed,
 * shown in every language without its own, then the English and the Thai name. Editing one keeps the others as
 * they are here; an empty translation shows the typed name. Field names: `name`, `${name}En`, `${name}Th`.
 */
export function LocalizedNameFields(props: {
  name: string;
  /** Translation key of the field label ('system_role_name'). */
  label: string;
  maxLength: number;
  translatedMaxLength: number;
  /** Required by default (names); remarks are optional text areas. */
  optional?: boolean;
  textArea?: boolean;
}) {
  const { t } = useTranslation();
  const field = t(props.label);
  const control = (maxLength: number) =>
    props.textArea ? <Input.TextArea maxLength={maxLength} rows={2} /> : <Input maxLength={maxLength} />;
  return (
    <>
      <Form.Item
        className="localized-name-field"
        name={props.name}
        label={field}
        tooltip={t('system_hint_localized_name')}
        rules={props.optional ? [] : [{ required: true, whitespace: true, message: t('err_required', { field }) }]}
      >
        {control(props.maxLength)}
      </Form.Item>
      <Form.Item className="localized-name-field" name={`${props.name}En`} label={t('system_name_en', { field })}>
        {control(props.translatedMaxLength)}
      </Form.Item>
      <Form.Item className="localized-name-field" name={`${props.name}Th`} label={t('system_name_th', { field })}>
        {control(props.translatedMaxLength)}
      </Form.Item>
    </>
  );
}
