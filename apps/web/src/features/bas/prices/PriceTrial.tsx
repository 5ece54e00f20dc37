import { useQuery } from '@tanstack/react-query';
import type { TPriceTrial } from '@theone/contracts/bas/price.schemas';
import type { TPriceSelection } from '@theone/contracts/bas/price-selection';
import { Alert, Spin, Table, Tag } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictSelect } from '../../../components/DictSelect';
import { MoneyCell } from '../../../components/MoneyCell';
import { useDictLabel } from '../../../lib/dict';
import { getData } from '../../../lib/request';
import { useLanguage } from '../../../lib/use-language';
import { priceKeys, todayText, useGeog } from '../api';
import { DayPicker, GeogSelect, MarkSelect } from '../common/selects';
import './price-trial.css';
import {
  describeMatch,
  draftRow,
  LOST_KEY,
  scopeText,
  type TPriceDraft,
  type TTrialKey,
  type TTrialRow,
  trialSelection,
} from './price-trial';

/**
 * The freight trial's "which price applies" panel on the price form: a trial order (mark, transport mode, origin,
 * destination, cargo type, order day) whose fields follow the form until the user changes them; the row it gets,
 * why (scope, how near the places are, validity), and every other row that matched with the step it lost on.
 * The row being edited takes part as the form holds it (unsaved), in place of its saved version.
 */
type TKeyFields = Omit<TTrialKey, 'date'>;

export function PriceTrial({ draft, editingId }: { draft: TPriceDraft; editingId: number | null }) {
  const { t } = useTranslation();
  // a trial field the user set; unset fields follow the form
  const [own, setOwn] = useState<Partial<TKeyFields>>({});
  const [date, setDate] = useState<string>(() => todayText());
  const pick = <K extends keyof TKeyFields>(k: K): TKeyFields[K] | undefined =>
    (k in own ? own[k] : (draft[k as keyof TPriceDraft] as TKeyFields[K] | undefined)) ?? undefined;
  const set =
    <K extends keyof TKeyFields>(k: K) =>
    (v: TKeyFields[K] | undefined) =>
      setOwn((o) => ({ ...o, [k]: v ?? (k === 'markId' ? null : undefined) }));
  const fields = {
    markId: pick('markId') ?? null,
    busType: pick('busType'),
    leftAddrId: pick('leftAddrId'),
    destAddrId: pick('destAddrId'),
    cargoType: pick('cargoType') ?? '1',
  };
  const key: TTrialKey | null =
    fields.busType && fields.leftAddrId && fields.destAddrId && date
      ? { ...fields, busType: fields.busType, leftAddrId: fields.leftAddrId, destAddrId: fields.destAddrId, date }
      : null;
  const trial = useQuery({
    queryKey: priceKeys.custom('trial', key),
    queryFn: () =>
      getData<TPriceTrial<TTrialRow>>(
        '/bas/price/trial',
        { ...key, markId: key?.markId ?? undefined },
        { silent: true },
      ),
    enabled: key !== null,
  });
  const control = { style: { width: '100%' } };
  const dictField = (k: 'busType' | 'cargoType', label: string, type: string) => (
    <TrialField label={t(label)}>
      <DictSelect {...control} type={type} allowClear={false} value={fields[k]} onChange={(v) => set(k)(v as string)} />
    </TrialField>
  );
  const geogField = (k: 'leftAddrId' | 'destAddrId', label: string, orgId: 1 | 2, testId: string) => (
    <TrialField label={t(label)}>
      <GeogSelect {...control} orgId={orgId} value={fields[k]} onChange={set(k)} data-testid={testId} />
    </TrialField>
  );
  return (
    <div className="bas-trial" data-testid="price-trial">
      <div className="bas-trial-inputs">
        <TrialField label={t('field_mark')}>
          <MarkSelect
            {...control}
            placeholder={t('bas_trial_no_mark')}
            value={fields.markId ?? undefined}
            onChange={(v) => set('markId')(typeof v === 'number' ? v : null)}
            data-testid="trial-mark"
          />
        </TrialField>
        {dictField('busType', 'field_bus_type', 'bus_type')}
        {geogField('leftAddrId', 'field_left_addr', 1, 'trial-left')}
        {geogField('destAddrId', 'field_dest_addr', 2, 'trial-dest')}
        {dictField('cargoType', 'field_cargo_type', 'cargo_type')}
        <TrialField label={t('bas_trial_date')}>
          <DayPicker value={date} onChange={(v) => setDate(v ?? todayText())} data-testid="trial-date" />
        </TrialField>
      </div>
      {!key ? (
        <div className="bas-hint">{t('bas_trial_hint')}</div>
      ) : trial.isError ? (
        <Alert type="error" showIcon title={t('bas_trial_failed')} />
      ) : !trial.data ? (
        <Spin />
      ) : (
        <TrialResult trial={trial.data} trialKey={key} draft={draft} editingId={editingId} />
      )}
      <div className="bas-hint bas-trial-rule">{t('bas_trial_rule')}</div>
    </div>
  );
}

function TrialField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="bas-trial-field">
      <span className="bas-trial-label">{label}</span>
      {children}
    </div>
  );
}

/** The choice for a trial answer and the form's row (exported for the component tests). */
export function TrialResult({
  trial,
  trialKey,
  draft,
  editingId,
}: {
  trial: TPriceTrial<TTrialRow>;
  trialKey: TTrialKey;
  draft: TPriceDraft;
  editingId: number | null;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const methodLabel = useDictLabel('cal_price_type');
  const left = useGeog(1);
  const dest = useGeog(2);
  const places = { left: left.rows, dest: dest.rows };
  const draftAsRow = useMemo(() => draftRow(draft, editingId, trial.mark), [draft, editingId, trial.mark]);
  const selection = useMemo(
    () => trialSelection(trial, trialKey, draftAsRow, editingId),
    [trial, trialKey, draftAsRow, editingId],
  );
  if (!selection) return <Alert type="warning" showIcon title={t('bas_trial_none')} data-testid="trial-none" />;
  const { row } = selection;
  const prices = (
    <span className="bas-trial-prices">
      <MoneyCell value={row.volumePrice} currency={row.currency} /> / m³ ·{' '}
      <MoneyCell value={row.weightPrice} currency={row.currency} /> / kg
    </span>
  );
  return (
    <>
      <Alert
        type={selection.isOverdue ? 'warning' : 'success'}
        showIcon
        data-testid="trial-chosen"
        title={
          <span>
            {t('bas_trial_chosen')}{' '}
            {row.isDraft ? <Tag color="processing">{t('bas_trial_this_row')}</Tag> : `#${row.id} ·`} {prices}
          </span>
        }
        description={
          <>
            <div data-testid="trial-reason">{describeMatch(t, selection, trialKey, places, language)}</div>
            {selection.isOverdue && <div>{t('bas_trial_expired_note')}</div>}
            {trial.mark && (
              <div className="bas-hint">
                {t('bas_trial_method', { mark: trial.mark.mark, method: methodLabel(trial.mark.calPriceType) })}
              </div>
            )}
          </>
        }
      />
      <TrialRows selection={selection} />
    </>
  );
}

function TrialRows({ selection }: { selection: TPriceSelection<TTrialRow> }) {
  const { t } = useTranslation();
  const left = useGeog(1);
  const dest = useGeog(2);
  const rows = [{ ...selection, lostOn: null }, ...selection.others];
  return (
    <Table
      className="bas-trial-rows"
      size="small"
      pagination={false}
      rowKey={(m) => String(m.row.id)}
      dataSource={rows}
      data-testid="trial-rows"
      columns={[
        {
          title: t('bas_trial_outcome'),
          key: 'outcome',
          width: 220,
          render: (_, m) =>
            m.lostOn === null ? <Tag color="success">{t('bas_trial_applies')}</Tag> : t(LOST_KEY[m.lostOn]),
        },
        {
          title: t('field_mark'),
          key: 'mark',
          width: 200,
          render: (_, m) => (
            <>
              {scopeText(t, m.scope, m.row.mark)}
              {m.row.isDraft && <Tag color="processing">{t('bas_trial_this_row')}</Tag>}
            </>
          ),
        },
        { title: t('field_left_addr'), key: 'left', render: (_, m) => left.labelOf(m.row.leftAddrId) },
        { title: t('field_dest_addr'), key: 'dest', render: (_, m) => dest.labelOf(m.row.destAddrId) },
        {
          title: t('field_volume_price'),
          key: 'volumePrice',
          align: 'right',
          render: (_, m) => <MoneyCell value={m.row.volumePrice} currency={m.row.currency} />,
        },
        {
          title: t('field_weight_price'),
          key: 'weightPrice',
          align: 'right',
          render: (_, m) => <MoneyCell value={m.row.weightPrice} currency={m.row.currency} />,
        },
        {
          title: t('bas_trial_validity'),
          key: 'validity',
          render: (_, m) => (
            <>
              {m.row.validFromDate} ~ {m.row.validToDate} {m.isOverdue && <Tag color="error">{t('price_overdue')}</Tag>}
            </>
          ),
        },
      ]}
    />
  );
}
