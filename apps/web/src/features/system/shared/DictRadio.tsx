import { Radio } from 'antd';
import { dictLabel, useDict } from '../../../lib/dict';
import { useLanguage } from '../../../lib/use-language';

/** Radio buttons over a dictionary (status: normal / disabled). */
export function DictRadio({ type, value, onChange }: { type: string; value?: string; onChange?: (v: string) => void }) {
  const { data } = useDict(type);
  const language = useLanguage();
  return (
    <Radio.Group value={value} onChange={(e) => onChange?.(e.target.value)}>
      {(data ?? []).map((e) => (
        <Radio key={e.dictValue} value={e.dictValue}>
          {dictLabel(e, language)}
        </Radio>
      ))}
    </Radio.Group>
  );
}
