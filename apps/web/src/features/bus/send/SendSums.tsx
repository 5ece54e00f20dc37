import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';

/** A figure of a send list's sums: the answer's field, its label (a translation key), and whether it is money. */
export type TSendSum = [field: string, label: string, money?: 'money'];

/**
 * The sums row under a send list (send desk, run list): the list answer's `sums`, one 'Label: value' per figure;
 * a figure the answer leaves out (fee sums for users without the fee role) is not shown.
 */
export function SendSums({ sums, figures, testId }: { sums: unknown; figures: readonly TSendSum[]; testId: string }) {
  const { t } = useTranslation();
  const values = sums as Record<string, string | number> | undefined;
  if (!values) return null;
  return (
    <Space size={16} className="send-sums" data-testid={testId}>
      {figures.map(([field, label, money]) =>
        values[field] === undefined ? null : (
          <span key={field}>
            {t(label)}: {money ? formatMoney(String(values[field])) : String(values[field])}
          </span>
        ),
      )}
    </Space>
  );
}
