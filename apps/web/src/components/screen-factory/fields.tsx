import { Col, Form, type FormRule, Row as GridRow, Input, Radio, Select, Switch } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DictRadio } from '../../features/system/shared/DictRadio';
import { BusinessDatePicker } from '../BusinessDatePicker';
import { DictSelect } from '../DictSelect';
import { LocalizedNameFields } from '../LocalizedNameFields';
import { DecimalInput, IntegerInput } from '../NumberInput';
import type { ScreenField, ScreenSection, Values } from './types';

/** The form fields of a definition and the mapping between a record, the form's values and the body. */

const fieldsOf = <Row,>(sections: ScreenSection<Row>[]) =>
  sections.flatMap((s) => s.fields).filter((f) => f.kind !== 'block');

/** Form names a field stands for (a localized name is three). */
const namesOf = <Row,>(f: ScreenField<Row>) =>
  f.kind === 'localized' ? [f.name, `${f.name}En`, `${f.name}Th`] : [f.name];

/** The form values of a loaded record: the fields' values, switches as on/off. */
export function rowToValues<Row extends object>(
  sections: ScreenSection<Row>[],
  row: Row,
  load?: (row: Row, values: Values) => Values,
): Values {
  const source = row as Values;
  const values: Values = {};
  for (const f of fieldsOf(sections)) {
    for (const name of namesOf(f)) values[name] = source[name];
    if (f.kind === 'switch') values[f.name] = source[f.name] === (f.on ?? '0');
  }
  return load ? load(row, values) : values;
}

/** The body of the form's values: blank optional fields as `empty` ('' or null), switches as their codes. */
export function valuesToBody<Row>(
  sections: ScreenSection<Row>[],
  values: Values,
  save?: (b: Values, v: Values) => Values,
) {
  const body: Values = {};
  for (const f of fieldsOf(sections)) {
    if (f.kind === 'switch') {
      body[f.name] = values[f.name] ? (f.on ?? '0') : (f.off ?? '1');
      continue;
    }
    for (const [i, name] of namesOf(f).entries()) {
      const blank = f.empty ?? (['text', 'textarea', 'dict', 'localized', undefined].includes(f.kind) ? '' : null);
      body[name] = f.required && i === 0 ? values[name] : (values[name] ?? blank);
    }
  }
  return save ? save(body, values) : body;
}

function Suffixed({ field, fallback, decimal, ...rest }: { field: string; fallback?: string; decimal: boolean }) {
  const watched = Form.useWatch(field, Form.useFormInstance()) as string | undefined;
  const Input = decimal ? DecimalInput : IntegerInput;
  return <Input {...rest} suffix={watched ?? fallback} />;
}

function control<Row>(f: ScreenField<Row>, t: TFunction, disabled: boolean): ReactNode {
  const placeholder = f.placeholder ? t(f.placeholder) : undefined;
  switch (f.kind) {
    case 'textarea':
      return <Input.TextArea rows={2} maxLength={f.max ?? 500} disabled={disabled || undefined} />;
    case 'dict':
      return <DictSelect type={f.dictType!} allowClear={f.required ? false : undefined} placeholder={placeholder} />;
    case 'select':
      return <Select options={f.options?.map((o) => ({ value: o.value, label: t(o.label) }))} />;
    case 'radio':
      return f.options ? (
        <Radio.Group disabled={disabled || undefined}>
          {f.options.map((o) => (
            <Radio key={o.value} value={o.value}>
              {t(o.label)}
            </Radio>
          ))}
        </Radio.Group>
      ) : (
        <DictRadio type={f.dictType!} />
      );
    case 'switch':
      return <Switch />;
    case 'date':
      return <BusinessDatePicker />;
    case 'decimal':
    case 'integer': {
      const decimal = f.kind === 'decimal';
      if (typeof f.suffix === 'object') return <Suffixed {...f.suffix} decimal={decimal} />;
      return decimal ? <DecimalInput suffix={f.suffix} /> : <IntegerInput suffix={f.suffix} />;
    }
    case 'custom':
      return f.control;
    default:
      return <Input maxLength={f.max} disabled={disabled || undefined} />;
  }
}

/** One field: its form item (required message of the page or the dialog style), or a block. */
function Field<Row>({ f, row, dialog }: { f: ScreenField<Row>; row: Row | undefined; dialog: boolean }) {
  const { t } = useTranslation();
  if (f.kind === 'block' && f.render) return <f.render />;
  if (f.kind === 'localized') {
    return (
      <LocalizedNameFields
        name={f.name}
        label={f.label}
        maxLength={f.max ?? 100}
        translatedMaxLength={f.translatedMax ?? f.max ?? 100}
        optional={!f.required}
        textArea={f.wide}
      />
    );
  }
  const label = t(f.label);
  const required: FormRule[] = !f.required
    ? []
    : dialog
      ? [{ required: true, whitespace: true, message: t('err_required', { field: label }) }]
      : [{ required: true, message: t('msg_required') }];
  const rules = [...required, ...(f.rules?.(t) ?? [])];
  const Hint = typeof f.hint === 'function' ? f.hint : undefined;
  const hint = Hint ? <Hint /> : f.hint ? t(f.hint as string) : undefined;
  return (
    <Form.Item
      name={f.name}
      label={label}
      rules={rules.length ? rules : undefined}
      dependencies={f.dependencies}
      tooltip={f.tooltip ? t(f.tooltip) : undefined}
      valuePropName={f.kind === 'switch' ? 'checked' : undefined}
      extra={hint === undefined ? undefined : <span className="bas-hint">{hint}</span>}
      className={!dialog && (f.wide ?? f.kind === 'textarea') ? 'bas-span-all' : undefined}
    >
      {control(f, t, f.disabled?.(row) ?? false)}
    </Form.Item>
  );
}

/** The fields of a dialog: one per line, or two columns when a field asks for half a line. */
export function DialogFields<Row>({ fields, row }: { fields: ScreenField<Row>[]; row: Row | undefined }) {
  const items = fields.map((f) => <Field key={f.name} f={f} row={row} dialog />);
  if (!fields.some((f) => f.half)) return <>{items}</>;
  return (
    <GridRow gutter={12}>
      {fields.map((f, i) => (
        <Col key={f.name} span={f.half ? 12 : 24}>
          {items[i]}
        </Col>
      ))}
    </GridRow>
  );
}

/** The fields of a form page section (in the page's grid). */
export function PageFields<Row>({ fields, row }: { fields: ScreenField<Row>[]; row: Row | undefined }) {
  return (
    <>
      {fields.map((f) => (
        <Field key={f.name} f={f} row={row} dialog={false} />
      ))}
    </>
  );
}
