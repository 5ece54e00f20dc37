import { Tag } from 'antd';
import { type DictEntry, dictLabel, useDict } from '../lib/dict';
import { useLanguage } from '../lib/use-language';

/**
 * A status shown as a tag from its dictionary: `<DictTag type="bus_order_status" value={row.status} />`.
 * The colour comes from the entry's `listClass`; comma-separated values show several tags; an unknown
 * value shows as plain text.
 */
const COLOURS: Record<string, string> = {
  primary: 'processing',
  success: 'success',
  info: 'cyan',
  warning: 'warning',
  danger: 'error',
  default: 'default',
};

/** The tag colour of a dictionary entry's `listClass` ('default' when it has none or an unknown one). */
export const listClassColour = (listClass: string | null | undefined) => COLOURS[listClass ?? ''] ?? 'default';

/** One dictionary entry as a tag: the colour of its `listClass`, its `cssClass`, its label in the user's language. */
export function DictEntryTag({ entry }: { entry: DictEntry }) {
  const language = useLanguage();
  return (
    <Tag color={listClassColour(entry.listClass)} className={entry.cssClass || undefined}>
      {dictLabel(entry, language)}
    </Tag>
  );
}

export function DictTag({ type, value }: { type: string; value: string | number | null | undefined }) {
  const { data } = useDict(type);
  if (value === null || value === undefined || value === '') return null;
  const values = String(value).split(',');
  return (
    <>
      {values.map((v) => {
        const entry: DictEntry | undefined = data?.find((e) => e.dictValue === v);
        return entry ? <DictEntryTag key={v} entry={entry} /> : <span key={v}>{v}</span>;
      })}
    </>
  );
}
