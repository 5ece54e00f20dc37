import type { TStaffKind } from '@theone/contracts/bas/staff';
import { Select, type SelectProps, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BusinessDatePicker } from '../../../components/BusinessDatePicker';
import { daysFromToday } from '../../../lib/business-time';
import { dictLabel, useDict } from '../../../lib/dict';
import { useLanguage } from '../../../lib/use-language';
import { useRemoteSearch } from '../../../lib/use-remote-search';
import { type Flag, fetchMarkOptions, type TMarkOption, useCurrencies, useGeog, useStaff } from '../api';

/** Selects of the bas forms: geography, staff, marks (remote search) and currencies. Values are ids. */

type IdSelectProps = Omit<SelectProps<number>, 'options' | 'loading'>;

/** A select searched by its labels, with a clear button and 'Please select' (the bas forms' and filters' selects). */
export function LabelSearchSelect<V extends number | string>(props: SelectProps<V>) {
  const { t } = useTranslation();
  return (
    <Select<V> allowClear showSearch={{ optionFilterProp: 'label' }} placeholder={t('please_select')} {...props} />
  );
}

/** Id options for a search form, where values are strings in the URL. */
export const asFilterOptions = (options: { value: number; label: string }[]) =>
  options.map((o) => ({ value: String(o.value), label: o.label }));

export function GeogSelect({ orgId, ...rest }: IdSelectProps & { orgId: 1 | 2 }) {
  const { options, isLoading } = useGeog(orgId);
  return <LabelSearchSelect<number> {...rest} loading={isLoading} options={options} />;
}

/** The same for a search form. */
export function GeogFilterSelect({ orgId, ...rest }: Omit<SelectProps<string>, 'options'> & { orgId: 1 | 2 }) {
  const { options } = useGeog(orgId);
  return <LabelSearchSelect<string> {...rest} options={asFilterOptions(options)} />;
}

/** A user picked from active staff: `kind` = the holders of a mark job (sales, service), `post` = of a post. */
/**
 * Staff of a job (`kind`) or a post. `keep` is the person a record already names: listed (marked as no longer in the
 * job) when they left it, so an edit shows their name and may keep them; the server accepts the person a record
 * already names and checks a newly chosen one.
 */
export function StaffSelect({
  post,
  kind,
  keep,
  ...rest
}: IdSelectProps & { post?: string; kind?: TStaffKind; keep?: { id: number; name: string | null } | null }) {
  const { t } = useTranslation();
  const { options, isLoading } = useStaff(post, kind);
  const all = useMemo(
    () =>
      keep && !isLoading && !options.some((o) => o.value === keep.id)
        ? [...options, { value: keep.id, label: t('bas_staff_left_job', { name: keep.name ?? String(keep.id) }) }]
        : options,
    [keep, options, isLoading, t],
  );
  return <LabelSearchSelect<number> {...rest} loading={isLoading} options={all} />;
}

export function StaffFilterSelect(props: Omit<SelectProps<string>, 'options'>) {
  const { options } = useStaff();
  return <LabelSearchSelect<string> {...props} options={asFilterOptions(options)} />;
}

export function CurrencySelect(props: IdSelectProps) {
  const { t } = useTranslation();
  const { options, isLoading } = useCurrencies();
  return <Select<number> placeholder={t('please_select')} {...props} loading={isLoading} options={options} />;
}

const markLabel = (m: Pick<TMarkOption, 'mark' | 'nameZh'>) => (m.nameZh ? `${m.mark} · ${m.nameZh}` : m.mark);

/**
 * A mark picked by code or name (GET /bas/mark/select, 300 ms debounce). `known` gives the label of a
 * stored value before any search (edit forms). `mode="multiple"` picks several (an agent's sub-marks).
 */
export function MarkSelect({
  isAgent,
  noTopMark,
  known,
  value,
  onChange,
  mode,
  ...rest
}: Omit<SelectProps<number | number[]>, 'options' | 'onSearch' | 'filterOption'> & {
  isAgent?: Flag;
  noTopMark?: Flag;
  known?: Pick<TMarkOption, 'id' | 'mark' | 'nameZh'>[];
}) {
  const { t } = useTranslation();
  const { rows, loading, search } = useRemoteSearch(
    (keyword) => fetchMarkOptions({ keyword: keyword || undefined, isAgent, noTopMark, limit: 50 }),
    `${isAgent}:${noTopMark}`,
  );
  const merged = useMemo(() => {
    const map = new Map<number, string>();
    for (const k of known ?? []) map.set(k.id, markLabel(k));
    for (const r of rows) map.set(r.id, markLabel(r));
    return [...map].map(([v, label]) => ({ value: v, label }));
  }, [known, rows]);
  return (
    <Select<number | number[]>
      allowClear
      showSearch={{ filterOption: false, onSearch: search }}
      placeholder={t('please_select')}
      {...rest}
      mode={mode}
      value={value}
      onChange={onChange}
      loading={loading}
      options={merged}
      notFoundContent={loading ? t('loading') : t('no_data')}
    />
  );
}

/** Validity tag: red when expired, orange when ending within `warnDays`, else green (screens §3.7). */
export function ValidityTag({
  isOverdue,
  validToDate,
  warnDays = 7,
}: {
  isOverdue: string;
  validToDate: string | null;
  warnDays?: number;
}) {
  const { t } = useTranslation();
  if (isOverdue === '1') return <Tag color="error">{t('price_overdue')}</Tag>;
  if (validToDate) {
    const days = daysFromToday(validToDate);
    if (days < warnDays) return <Tag color="warning">{t('bas_expiring_soon', { count: Math.max(days, 0) })}</Tag>;
  }
  return <Tag color="success">{t('price_valid')}</Tag>;
}

/** A date that turns orange when within `warnDays` and red when past (licence and insurance expiry). */
export function ExpiryText({ value, warnDays = 30 }: { value: string | null | undefined; warnDays?: number }) {
  if (!value) return <>-</>;
  const days = daysFromToday(value);
  const colour = days < 0 ? '#cf1322' : days < warnDays ? '#d46b08' : undefined;
  return <span style={colour ? { color: colour, fontWeight: 600 } : undefined}>{value}</span>;
}

/** A dictionary select without some values (e.g. client types without 'agent' on the customer form). */
export function DictSubsetSelect({
  type,
  exclude,
  ...rest
}: Omit<SelectProps<string | string[]>, 'options'> & { type: string; exclude: string[] }) {
  const { t } = useTranslation();
  const { data } = useDict(type);
  const language = useLanguage();
  const options = (data ?? [])
    .filter((e) => !exclude.includes(e.dictValue))
    .map((e) => ({ value: e.dictValue, label: dictLabel(e, language) }));
  return <Select<string | string[]> placeholder={t('please_select')} {...rest} options={options} />;
}

/**
 * A date field whose value is the 'YYYY-MM-DD' string the server takes (validity, expiry, effective dates); its
 * 'today' is the business day (BusinessDatePicker).
 */
export function DayPicker({
  value,
  onChange,
  ...rest
}: {
  value?: string | null;
  onChange?: (v: string | null) => void;
  disabled?: boolean;
  'data-testid'?: string;
}) {
  return <BusinessDatePicker {...rest} value={value} onChange={onChange} />;
}
