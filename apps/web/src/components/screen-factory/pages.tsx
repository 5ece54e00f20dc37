import { useQuery } from '@tanstack/react-query';
import { Form } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { BasFormPage, FormSection } from '../../features/bas/common/BasFormPage';
import { BasDetailPage } from '../../features/bas/common/DetailPage';
import { getData, postData } from '../../lib/request';
import { PageFields, rowToValues, valuesToBody } from './fields';
import { ScreenList } from './ScreenList';
import type { ScreenDef, Values } from './types';

/**
 * Basic-data screens as separate routes (screens §0 'Other pages'): the list, the add/edit page (BasFormPage:
 * Save returns to the list, unsaved changes ask) and the details page (BasDetailPage). Register them with named
 * lazy imports: `'bas/driver-list': named(() => import('.../drivers'), 'DriverListPage')`.
 */
export function useDefaults(defaults: ScreenDef<object>['defaults']): Values | undefined {
  // A definition's `defaults` is either always a hook or never one, so the call order stays the same.
  return typeof defaults === 'function' ? defaults() : (defaults ?? {});
}

export function ScreenFormPage<Row extends object>({ def }: { def: ScreenDef<Row> }) {
  const { t } = useTranslation();
  const { id } = useParams();
  const editing = Boolean(id);
  const [form] = Form.useForm<Values>();
  const current = useQuery({
    queryKey: def.keys.detail(id ?? 'new'),
    queryFn: () => getData<Row>(`${def.url}/${id}`),
    enabled: editing,
  });
  const defaults = useDefaults(def.defaults as ScreenDef<object>['defaults']);
  const initialValues = useMemo<Values | undefined>(() => {
    if (!editing) return defaults;
    return current.data ? rowToValues(def.sections, current.data, def.load) : undefined;
  }, [editing, defaults, current.data, def]);
  const submit = (v: Values) => {
    const body = valuesToBody(def.sections, v, def.save);
    if (!editing) return def.calls?.add ? def.calls.add(body) : postData(`${def.url}/add`, body);
    const edited = { ...body, [def.rowKey]: Number(id), version: (current.data as { version?: number })?.version };
    return def.calls?.edit ? def.calls.edit(edited) : postData(`${def.url}/edit`, edited);
  };
  const Top = def.formTop;
  return (
    <BasFormPage<Values>
      title={t(editing ? def.titles.edit : def.titles.add)}
      form={form}
      listPath={def.paths!.list}
      loading={(editing && !initialValues) || !defaults}
      initialValues={initialValues}
      onSubmit={submit}
      invalidate={def.invalidate ?? [def.keys.all]}
      labelWidth={def.labelWidth}
    >
      {Top ? <Top /> : null}
      {def.sections.map((s) => (
        <FormSection key={s.title ?? 'main'} title={t(s.title ?? def.titles.list ?? '')}>
          <PageFields fields={s.fields} row={current.data} />
        </FormSection>
      ))}
    </BasFormPage>
  );
}

export function ScreenDetailPage<Row extends object>({ def }: { def: ScreenDef<Row> }) {
  return (
    <BasDetailPage<Row>
      titleKey={def.titles.details!}
      url={def.url}
      queryKey={(id) => def.keys.detail(id)}
      listPath={def.paths!.list}
      editPath={def.paths!.edit}
      editPerm={`${def.perm}:edit`}
      tabTitle={def.tabTitle}
      items={def.details ?? []}
    />
  );
}

export function ScreenListPage<Row extends object>({ def }: { def: ScreenDef<Row> }) {
  const navigate = useNavigate();
  return <ScreenList def={def} navigate={navigate} />;
}

/** The three route components of a page-style definition. */
export function createPageScreen<Row extends object>(def: ScreenDef<Row>) {
  return {
    List: () => <ScreenListPage def={def} />,
    Form: () => <ScreenFormPage def={def} />,
    Details: () => <ScreenDetailPage def={def} />,
  };
}
