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

export function DictTag({ type, value }: { type: string; value: string | number | null | undefined }) {
  const { data } = useDict(type);
  const language = useLanguage();
  if (value === null || value === undefined || value === '') return null;
  const values = String(value).split(',');
  return (
    <>
      {values.map((v) => {
        const entry: DictEntry | undefined = data?.find((e) => e.dictValue === v);
        if (!entry) return <span key={v}>{v}</span>;
        const colour = COLOURS[entry.listClass ?? ''] ?? 'default';
        return (
          <Tag key={v} color={colour} className={entry.cssClass ?? undefined}>
            {dictLabel(entry, language)}
          </Tag>
        );
      })}
    </>
  );
}
