import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../FormDialog';
import type { ListPageProps, ToolbarButton } from '../ListPage';
import { DialogFields, rowToValues, valuesToBody } from './fields';
import { useDefaults } from './pages';
import { ScreenList } from './ScreenList';
import type { ScreenDef, Values } from './types';

/**
 * A system screen (screens §4): the list with Add/Edit in a dialog (FormModal: save, toast, unsaved-changes
 * prompt). `fixed` values are set on a new record and sent with every save (the dictionary data's type: the page's,
 * or the edited row's);
 * `onSaved` replaces the default refresh of `invalidate` (or `keys.all`).
 */
export function ModalScreen<Row extends object>(props: {
  def: ScreenDef<Row>;
  /** Values a record of this page always has (a new one, or `row`). */
  fixed?: (row: Row | undefined) => Values;
  onSaved?: (row: Row | undefined) => unknown;
  listProps?: Partial<ListPageProps<Row>>;
  toolbar?: ToolbarButton<Row>[];
}) {
  const { def, fixed } = props;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ open: boolean; row?: Row }>({ open: false });
  const defaults = useDefaults(def.defaults as ScreenDef<object>['defaults']);
  const { open, row } = editing;
  const initialValues = useMemo<Values | undefined>(() => {
    if (!open) return undefined;
    return row ? rowToValues(def.sections, row, def.load) : { ...defaults, ...fixed?.(undefined) };
  }, [open, row, def, defaults, fixed]);
  const submit = (v: Values) => {
    const body = { ...valuesToBody(def.sections, v, def.save), ...fixed?.(row) };
    if (!row) return def.calls!.add!(body);
    const key = def.rowKey;
    return def.calls!.edit!({ ...body, [key]: row[key], version: (row as { version?: number }).version });
  };
  const refresh = async () => {
    if (props.onSaved) return props.onSaved(row);
    for (const queryKey of def.invalidate ?? [def.keys.all]) await queryClient.invalidateQueries({ queryKey });
  };
  return (
    <>
      <ScreenList<Row>
        def={def}
        onEdit={(r) => setEditing({ open: true, row: r })}
        listProps={props.listProps}
        toolbar={props.toolbar}
      />
      <FormModal<Values>
        open={open}
        title={t(row ? def.titles.edit : def.titles.add)}
        width={def.dialog?.width ?? 600}
        labelCol={def.dialog?.labelWidth ? { flex: `${def.dialog.labelWidth}px` } : undefined}
        initialValues={initialValues}
        onSubmit={submit}
        onClose={() => setEditing({ open: false })}
        onSaved={refresh}
      >
        {def.sections.map((s) => (
          <DialogFields key={s.title ?? 'main'} fields={s.fields} row={row} />
        ))}
      </FormModal>
    </>
  );
}
