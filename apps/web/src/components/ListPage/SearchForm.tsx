import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { hasWrongSeparator } from '@theone/contracts/common/page';
import { Button, Form, Input, Select } from 'antd';
import { type ClipboardEvent, cloneElement, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../lib/feedback';
import { BusinessDatePicker, BusinessRangePicker } from '../BusinessDatePicker';
import { DeptTreeSelect } from '../DeptTreeSelect';
import { DictSelect } from '../DictSelect';
import type { SearchField } from './types';

/** The list's search form: fields from `SearchField` declarations, Search and Reset, expand/collapse. */
type FormValues = Record<string, unknown>;

export const rangeKeys = (f: Extract<SearchField, { type: 'dateRange' }>) =>
  [f.begin ?? 'beginTime', f.end ?? 'endTime'] as const;

/** URL names a field occupies. */
export const fieldNames = (f: SearchField): string[] => (f.type === 'dateRange' ? [...rangeKeys(f)] : [f.name]);

export function filtersToForm(fields: readonly SearchField[], filters: Record<string, string>): FormValues {
  const values: FormValues = {};
  for (const f of fields) {
    if (f.type === 'dateRange') {
      const [b, e] = rangeKeys(f);
      values[f.name] = filters[b] && filters[e] ? [filters[b], filters[e]] : undefined;
    } else if (f.type === 'date') {
      values[f.name] = filters[f.name] || undefined;
    } else if (f.type === 'dept') {
      values[f.name] = filters[f.name] ? Number(filters[f.name]) : undefined;
    } else if (f.type === 'dict' && f.multiple) {
      values[f.name] = filters[f.name] ? filters[f.name].split(',') : undefined;
    } else {
      values[f.name] = filters[f.name] ?? undefined;
    }
  }
  return values;
}

export function formToFilters(fields: readonly SearchField[], values: FormValues): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const f of fields) {
    const v = values[f.name];
    if (v === undefined || v === null || v === '') continue;
    if (f.type === 'dateRange') {
      // business days ('YYYY-MM-DD', BusinessRangePicker): the server reads them in the business time zone
      const range = v as [string | null, string | null];
      const [b, e] = rangeKeys(f);
      if (range[0] && range[1]) {
        filters[b] = range[0];
        filters[e] = range[1];
      }
    } else if (f.type === 'date') {
      filters[f.name] = String(v);
    } else if (Array.isArray(v)) {
      if (v.length) filters[f.name] = v.join(',');
    } else if (f.type === 'numbers') {
      const text = String(v)
        .replace(/\r?\n/g, ',')
        .replace(/\s*,\s*/g, ',')
        .replace(/^,+|,+$/g, '')
        .trim();
      if (text) filters[f.name] = text;
    } else {
      const text = String(v).trim();
      if (text) filters[f.name] = text;
    }
  }
  return filters;
}

/** Multi-number box: pasted lines (a column copied from Excel) become English commas. */
function NumbersInput(props: { value?: string; onChange?: (v: string) => void; placeholder?: string; id?: string }) {
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const text = e.clipboardData.getData('text');
    if (!/[\r\n]/.test(text)) return;
    e.preventDefault();
    const pasted = text
      .split(/\r?\n/)
      .map((s) => s.trim())
      .filter(Boolean)
      .join(',');
    const el = e.currentTarget;
    const current = props.value ?? '';
    const start = el.selectionStart ?? current.length;
    const end = el.selectionEnd ?? current.length;
    props.onChange?.(`${current.slice(0, start)}${pasted}${current.slice(end)}`);
  };
  return (
    <Input
      id={props.id}
      value={props.value}
      onChange={(e) => props.onChange?.(e.target.value)}
      onPaste={onPaste}
      placeholder={props.placeholder}
      allowClear
    />
  );
}

/** The control of a field; Form.Item injects `value`, `onChange` and `id`, passed on to the antd control. */
interface ControlProps {
  field: SearchField;
  value?: never;
  onChange?: never;
  id?: string;
}

function FieldControl({ field, ...injected }: ControlProps) {
  const { t } = useTranslation();
  const placeholder = 'placeholder' in field && field.placeholder ? t(field.placeholder) : undefined;
  switch (field.type) {
    case 'numbers':
      return <NumbersInput {...injected} placeholder={placeholder ?? t('msg_comma_separated')} />;
    case 'select':
      return (
        <Select
          {...injected}
          allowClear
          placeholder={placeholder ?? t('please_select')}
          options={field.options.map((o) => ({ value: o.value, label: t(o.label) }))}
        />
      );
    case 'dict':
      return (
        <DictSelect
          {...injected}
          type={field.dictType}
          placeholder={placeholder}
          {...(field.multiple ? { mode: 'multiple' as const, maxTagCount: 'responsive' as const } : {})}
        />
      );
    case 'dept':
      return <DeptTreeSelect {...injected} placeholder={placeholder} />;
    case 'date':
      return <BusinessDatePicker {...injected} />;
    case 'dateRange':
      return <BusinessRangePicker {...injected} placeholder={[t('start_date'), t('end_date')]} />;
    case 'custom':
      return cloneElement(field.render(), injected);
    default:
      return <Input {...injected} allowClear placeholder={placeholder ?? t('please_enter')} />;
  }
}

export interface SearchFormProps {
  fields: readonly SearchField[];
  filters: Record<string, string>;
  visibleFields?: number;
  requireCondition?: boolean;
  defaultFilters?: Record<string, string>;
  onSearch: (filters: Record<string, string>) => void;
}

export function SearchForm({
  fields,
  filters,
  visibleFields = 3,
  requireCondition,
  defaultFilters,
  onSearch,
}: SearchFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [expanded, setExpanded] = useState(false);
  // The form follows the URL filters, and only them: a new `fields` array on each render of the screen
  // must not wipe what the user is typing.
  const latest = useRef({ fields, filters });
  latest.current = { fields, filters };
  const shape = `${fields.map((f) => f.name).join('|')}#${JSON.stringify(filters)}`;
  useEffect(() => {
    if (!shape) return;
    form.resetFields();
    form.setFieldsValue(filtersToForm(latest.current.fields, latest.current.filters));
  }, [form, shape]);

  const submit = async () => {
    const values = await form.validateFields();
    const next = formToFilters(fields, values);
    if (requireCondition && Object.keys(next).length === 0) {
      feedback.message.warning(t('msg_enter_one_condition'));
      return;
    }
    onSearch(next);
  };

  const reset = () => {
    form.resetFields();
    form.setFieldsValue(filtersToForm(fields, defaultFilters ?? {}));
    if (requireCondition && Object.keys(defaultFilters ?? {}).length === 0) {
      onSearch({});
      return;
    }
    onSearch({ ...defaultFilters });
  };

  const collapsible = fields.length > visibleFields;
  return (
    <Form form={form} className="list-search" onFinish={submit} data-testid="list-search">
      <div className="list-search-grid">
        {fields.map((f, i) => (
          <Form.Item
            key={f.name}
            name={f.name}
            label={t(f.label)}
            hidden={collapsible && !expanded && i >= visibleFields}
            rules={
              f.type === 'numbers'
                ? [
                    {
                      validator: (_, v) =>
                        v && hasWrongSeparator(String(v))
                          ? Promise.reject(new Error(t('msg_comma_separated')))
                          : Promise.resolve(),
                    },
                  ]
                : undefined
            }
          >
            <FieldControl field={f} />
          </Form.Item>
        ))}
        <div className="list-search-buttons">
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="list-search-submit">
            {t('search')}
          </Button>
          <Button icon={<ReloadOutlined />} onClick={reset} data-testid="list-search-reset">
            {t('reset')}
          </Button>
          {collapsible ? (
            <Button
              type="link"
              onClick={() => setExpanded((e) => !e)}
              icon={expanded ? <UpOutlined /> : <DownOutlined />}
              iconPlacement="end"
            >
              {t(expanded ? 'list_collapse' : 'list_expand')}
            </Button>
          ) : null}
        </div>
      </div>
    </Form>
  );
}
