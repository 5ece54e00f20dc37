import { Select, type SelectProps, Space, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemoteSearch } from '../../../lib/use-remote-search';
import { fetchMarkOptions, type TMarkInOrder } from '../inware/api';

/**
 * The order form's mark picker (screens orderAdd 'Customer'): remote search by code or name on
 * `GET /bas/mark/selectMarkInOrder` (300 ms debounce); each option shows the mark, name, agent and sales person.
 * `known` labels a stored value before any search; `onPicked` receives the whole option.
 */
export function MarkInOrderSelect({
  known,
  onPicked,
  value,
  onChange,
  ...rest
}: Omit<SelectProps<number>, 'options' | 'onSearch' | 'filterOption'> & {
  known?: { id: number; mark: string; nameZh?: string } | null;
  onPicked?: (mark: TMarkInOrder | null) => void;
}) {
  const { t } = useTranslation();
  const { rows, loading, search } = useRemoteSearch<TMarkInOrder>(fetchMarkOptions);
  const options = useMemo(() => {
    const list = rows.map((m) => ({
      value: m.id,
      label: `${m.mark}${m.nameZh ? ` · ${m.nameZh}` : ''}`,
      row: m,
    }));
    if (known && !list.some((o) => o.value === known.id))
      list.unshift({
        value: known.id,
        label: `${known.mark}${known.nameZh ? ` · ${known.nameZh}` : ''}`,
        row: undefined as never,
      });
    return list;
  }, [rows, known]);
  return (
    <Select<number>
      allowClear
      showSearch={{ filterOption: false, onSearch: search }}
      placeholder={t('bus_mark_search')}
      {...rest}
      value={value}
      onChange={(v, option) => {
        onChange?.(v, option);
        onPicked?.(rows.find((r) => r.id === v) ?? null);
      }}
      loading={loading}
      notFoundContent={loading ? t('loading') : t('no_data')}
      options={options}
      optionRender={(o) => {
        const m = (o.data as { row?: TMarkInOrder }).row;
        if (!m) return o.label;
        return (
          <Space size={4} wrap>
            <b>{m.mark}</b>
            <span>{m.nameZh}</span>
            {m.topMark ? <Tag color="orange">{t('sub_mark_of', { mark: m.topMark })}</Tag> : null}
            {m.salesName ? <Typography.Text type="secondary">{m.salesName}</Typography.Text> : null}
          </Space>
        );
      }}
    />
  );
}
