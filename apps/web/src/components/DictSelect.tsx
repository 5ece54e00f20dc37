import { Select, type SelectProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dictLabel, useDict } from '../lib/dict';
import { useLanguage } from '../lib/use-language';

/**
 * A select over a dictionary's entries (values are `dictValue` strings), labels in the current language.
 * Works as a form control: `<Form.Item name="status"><DictSelect type="bus_order_status" /></Form.Item>`.
 */
export type DictSelectProps = Omit<SelectProps<string | string[]>, 'options' | 'loading'> & { type: string };

export function DictSelect({ type, placeholder, ...rest }: DictSelectProps) {
  const { t } = useTranslation();
  const { data, isLoading } = useDict(type);
  const language = useLanguage();
  const options = useMemo(
    () => (data ?? []).map((e) => ({ value: e.dictValue, label: dictLabel(e, language) })),
    [data, language],
  );
  return (
    <Select<string | string[]>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={placeholder ?? t('please_select')}
      {...rest}
      loading={isLoading}
      options={options}
    />
  );
}
