import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { createQueryKeys } from '../../../lib/query-keys';
import { getData } from '../../../lib/request';

const keys = createQueryKeys('bus/arrive/warehouses');

/** The overseas warehouses (bas warehouse type 2) as a search-form filter; the value is the id as text. */
export function WarehouseFilterSelect(props: Omit<SelectProps<string>, 'options'>) {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: keys.custom('overseas'),
    queryFn: () => getData<{ id: number; label: string }[]>('/bas/warehouse/select', { whType: '2' }),
    staleTime: 60_000,
  });
  return (
    <Select<string>
      {...props}
      allowClear
      options={(data ?? []).map((w) => ({ value: String(w.id), label: w.label }))}
      placeholder={t('please_select')}
    />
  );
}
