import type { FormRule } from 'antd';
import type { AxiosRequestConfig } from 'axios';
import type { TFunction } from 'i18next';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import type { DetailItem } from '../DetailView';
import type { ListColumn, ListPageProps, SearchField, ToolbarButton } from '../ListPage';

/**
 * One definition of a reference-data screen (docs/adr/0012-screen-factory.md): the list's filters and columns,
 * the add/edit form's fields, the details page's items, the permissions and the calls. `createPageScreen` turns it
 * into list/form/details routes (basic data), `ModalScreen` into a list with an add/edit dialog (system screens).
 */
export type Values = Record<string, unknown>;

export interface ScreenField<Row> {
  /** The form field and, by default, the body key and the row field it is loaded from. */
  name: string;
  /** Translation key of the label. */
  label: string;
  /**
   * text/textarea: Input (maxLength `max`); dict: DictSelect over `dictType`; select: Select over `options`; radio: DictRadio-like radio over
   * `dictType` or `options`; switch: Switch storing `on`/`off`; date: the business-day picker; decimal/integer:
   * NumberInput; localized: the name in three languages (`name`, `nameEn`, `nameTh`); custom: `control`;
   * block: `render` placed in the grid (no form item).
   */
  kind?:
    | 'text'
    | 'textarea'
    | 'dict'
    | 'select'
    | 'radio'
    | 'switch'
    | 'date'
    | 'decimal'
    | 'integer'
    | 'localized'
    | 'custom'
    | 'block';
  required?: boolean;
  max?: number;
  /** localized: the translations' maxLength. */
  translatedMax?: number;
  dictType?: string;
  /** select/radio: fixed choices (label is a translation key). */
  options?: { value: string; label: string }[];
  /** switch: the stored value when on and when off. */
  on?: string;
  off?: string;
  /** Translation key of the placeholder. */
  placeholder?: string;
  /** decimal/integer: a fixed suffix, or the value of another field (a currency). */
  suffix?: string | { field: string; fallback?: string };
  /** Rules after the required one. */
  rules?: (t: TFunction) => FormRule[];
  dependencies?: string[];
  /** A hint under the field: a translation key, or a component (it may watch the form). */
  hint?: string | ComponentType;
  /** Translation key of a tooltip on the label. */
  tooltip?: string;
  control?: ReactElement;
  render?: ComponentType;
  /** Disabled when editing this row (built-in records). */
  disabled?: (row: Row | undefined) => boolean;
  /** Whole width: the page grid's full row, a dialog's full line (default for text areas). */
  wide?: boolean;
  /** In a dialog laid out in two columns: half a line. */
  half?: boolean;
  /** What the body carries when the field is blank (default '' for texts and dictionaries, else null). */
  empty?: '' | null;
}

export interface ScreenSection<Row> {
  /** Translation key; default the list's menu title. */
  title?: string;
  fields: ScreenField<Row>[];
}

export type ScreenColumn<Row> = ListColumn<Row> & {
  /** The cell links to the details page (true: the value; a function: its own text). */
  link?: true | ((row: Row) => ReactNode);
  /** A name in three languages: the one of the current language (`key`, `keyEn`, `keyTh`). */
  localized?: true;
};

export interface ScreenQueryKeys {
  all: readonly unknown[];
  lists: () => readonly unknown[];
  detail: (id: string | number) => readonly unknown[];
}

export interface ScreenDef<Row extends object> {
  /** The list id (column picker storage). */
  id: string;
  keys: ScreenQueryKeys;
  /** Base URL: `<url>/list`, `<url>/export`, `<url>/{id}`, `<url>/add`, `<url>/edit`, `<url>/delete/{id}`. */
  url: string;
  rowKey: keyof Row & string;
  /** Permission prefix: `<perm>:add|edit|remove|info|export`. */
  perm: string;
  /** Translation keys of the titles: list (form section), add, edit, details. */
  titles: { list?: string; add: string; edit: string; details?: string };
  /** Page routes (basic data): the list, add, edit and details paths. */
  paths?: { list: string; add: string; edit: string; details?: string };
  filters: SearchField[];
  /** Filters that need loaded options (a hook; replaces `filters`). */
  useFilters?: () => SearchField[];
  visibleFilters?: number;
  defaultSort?: ListPageProps<Row>['defaultSort'];
  columns: ScreenColumn<Row>[];
  sections: ScreenSection<Row>[];
  details?: DetailItem<Row>[];
  tabTitle?: (row: Row) => string;
  /** Values of a new record: fixed, or a hook (undefined while what it needs is loading). */
  defaults?: Values | (() => Values | undefined);
  /** Form values of a loaded record after the generic mapping. */
  load?: (row: Row, values: Values) => Values;
  /** The body after the generic mapping. */
  save?: (body: Values, values: Values) => Values;
  /** Calls; default POST `<url>/add`, `<url>/edit` and `<url>/delete/{id}` per row. */
  calls?: {
    add?: (body: Values) => Promise<unknown>;
    edit?: (body: Values) => Promise<unknown>;
    remove?: (ids: number[], config: AxiosRequestConfig) => Promise<unknown>;
  };
  /** Delete: the confirm key (default 'confirm_delete'), its ids value, a row check, a row that has no delete. */
  remove?: {
    confirm?: string;
    withIds?: boolean;
    check?: (row: Row) => boolean;
    wrongState?: string;
    rowLabel?: (row: Row) => string;
    hidden?: (row: Row) => boolean;
    /** After a delete (beside the list's refetch). */
    onDone?: () => unknown;
  };
  /** Query keys refreshed after a save (default `keys.all`). */
  invalidate?: readonly (readonly unknown[])[];
  /** Translation key of the export file name: an Export button on `<url>/export`. */
  exportFile?: string;
  /** More toolbar buttons after the standard ones (a hook: buttons may need the query client). */
  useToolbar?: () => ToolbarButton<Row>[];
  /** Content above the form's sections (warnings). */
  formTop?: ComponentType;
  /** Dialog: width and label width. */
  dialog?: { width?: number; labelWidth?: number };
  /** Form page: label width. */
  labelWidth?: number;
}
