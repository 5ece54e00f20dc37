import { CONTAINER_CAPACITY, fillBand, fillOf } from '@theone/contracts/bus/load';
import { money, type TMoneyInput, toVolumeString, toWeightString } from '@theone/contracts/common/money';
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import './loadplan.css';

/**
 * The fill of a container or truck (screens loadplanList/Add/Details, contracts load.ts CONTAINER_CAPACITY, fillOf,
 * fillBand): green under 85 %, blue 85-100 %, red over 100 %. Over capacity warns (M-cap), never blocks.
 *
 *   <FillBar percent={row.volumePercent} />                                    // a list cell
 *   <FillGauge containerType="40HQ" volume="52.3" weight="12000" />            // the live gauge of a plan
 *   <FillGauge containerType="40HQ" volume={planned.v} weight={planned.w} loaded={{ volume, weight }} />
 */
export const FILL_COLORS = { ok: '#52c41a', full: '#1677ff', over: '#ff4d4f' } as const;

/**
 * A fill percentage (text, 1 dp) as a bar: the bar stops at 100 %, the text says the real figure. The width is the
 * percentage text itself in CSS (`min(100%, 88.2%)`), so the decimal never becomes a JS number.
 */
export function FillBar({ percent, testId }: { percent: string | null | undefined; testId?: string }) {
  if (percent === null || percent === undefined) return <span>-</span>;
  const band = fillBand(percent);
  return (
    <div className="load-fill-bar" data-testid={testId} data-band={band}>
      <div className="load-fill-track">
        <div
          className="load-fill-value"
          style={{ width: `min(100%, ${money(percent).toFixed(1)}%)`, background: FILL_COLORS[band] }}
        />
      </div>
      <span className="load-fill-text" style={{ color: band === 'over' ? FILL_COLORS.over : undefined }}>
        {percent}%
      </span>
    </div>
  );
}

interface Figures {
  volume: TMoneyInput | null | undefined;
  weight: TMoneyInput | null | undefined;
}

export interface FillGaugeProps extends Figures {
  /** The `container_type` dictionary value ('40HQ', 'TRUCK_9_6M'...). */
  containerType: string | null | undefined;
  /** The loaded part (loadplanDetails: planned vs loaded). */
  loaded?: Figures;
  testId?: string;
}

const orZero = (v: TMoneyInput | null | undefined) => (v === null || v === undefined || v === '' ? '0' : v);

export function FillGauge({ containerType, volume, weight, loaded, testId = 'fill-gauge' }: FillGaugeProps) {
  const { t } = useTranslation();
  const cap = containerType ? CONTAINER_CAPACITY[containerType] : undefined;
  if (!cap || !containerType) {
    return (
      <Typography.Text type="secondary" data-testid={testId}>
        {t(containerType ? 'load_gauge_unknown_type' : 'load_gauge_choose_type')}
      </Typography.Text>
    );
  }
  const planned = fillOf(containerType, orZero(volume), orZero(weight));
  const done = loaded ? fillOf(containerType, orZero(loaded.volume), orZero(loaded.weight)) : null;
  const rows = [
    {
      key: 'volume',
      label: t('load_gauge_volume', { used: toVolumeString(orZero(volume)), capacity: cap.volume }),
      planned: planned.volumePercent,
      loaded: done?.volumePercent,
      loadedLabel: loaded ? `${toVolumeString(orZero(loaded.volume))} m³` : null,
    },
    {
      key: 'weight',
      label: t('load_gauge_weight', { used: toWeightString(orZero(weight)), capacity: cap.weight }),
      planned: planned.weightPercent,
      loaded: done?.weightPercent,
      loadedLabel: loaded ? `${toWeightString(orZero(loaded.weight))} kg` : null,
    },
  ];
  return (
    <div data-testid={testId} data-over={planned.over ? '1' : '0'}>
      <div className="load-gauge">
        {rows.map(({ key, ...r }) => (
          <GaugeRow key={key} id={`${testId}-${key}`} {...r} loadedTitle={t('load_gauge_loaded')} />
        ))}
      </div>
      {planned.over ? (
        <Alert
          style={{ marginTop: 8 }}
          type="warning"
          showIcon
          title={t('msg_over_capacity', { volume: planned.volumePercent, weight: planned.weightPercent })}
          data-testid={`${testId}-over`}
        />
      ) : null}
    </div>
  );
}

function GaugeRow(props: {
  id: string;
  label: string;
  planned: string | null;
  loaded: string | null | undefined;
  loadedLabel: string | null;
  loadedTitle: string;
}) {
  return (
    <>
      <span className="load-gauge-label">{props.label}</span>
      <FillBar percent={props.planned} testId={props.id} />
      {props.loaded !== undefined && props.loaded !== null ? (
        <>
          <span className="load-gauge-label">
            {props.loadedTitle} {props.loadedLabel}
          </span>
          <FillBar percent={props.loaded} testId={`${props.id}-loaded`} />
        </>
      ) : null}
    </>
  );
}
