import { orderFieldLabelKey } from '@theone/contracts/bus/order-log';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Plain text boxes of order fields in a form, each labelled with its field's name (contracts orderFieldLabelKey:
 * 'consigneeTel' -> 'field_consignee_tel'), of at most `maxLength` characters when given.
 */
export function TextItems({ names, maxLength }: { names: readonly string[]; maxLength?: number }) {
  const { t } = useTranslation();
  return (
    <>
      {names.map((name) => (
        <Form.Item key={name} name={name} label={t(orderFieldLabelKey(name))}>
          <Input maxLength={maxLength} />
        </Form.Item>
      ))}
    </>
  );
}
