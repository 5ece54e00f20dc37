import { type CSSProperties, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import type { THomeChart } from './api';

/**
 * The 30-day chart of the home page (screens §2): bars = orders per day, lines = weight (kg) and volume (m³) on
 * two right axes; the legend toggles series; hovering a day shows its figures (as the server sent them, exact);
 * clicking a day opens that day's orders. Drawn as SVG by this file: ECharts did the same in 535 KB (150 KB over
 * the network), this is a few KB (issue 10 item 10, docs/bench.md). Loaded lazily by the home page.
 */
export interface HomeChartProps {
  chart: THomeChart;
  onDayClick?: (day: string) => void;
  /** bar colour (the theme's primary colour) */
  color?: string;
}

type Series = 'orders' | 'weight' | 'volume';
const LINE_COLORS = { weight: '#1677ff', volume: '#13a8a8' } as const;
const HEIGHT = 320;
const PAD = { left: 48, right: 150, top: 40, bottom: 28 };
const SECOND_RIGHT_AXIS = 78;

export interface Scale {
  max: number;
  ticks: number[];
}

/** Round axis ticks from 0 covering `max` (about five steps of 1, 2, 2.5 or 5 x 10^n; whole steps when `integer`). */
export function niceScale(max: number, integer = false): Scale {
  if (!(max > 0)) return { max: 1, ticks: integer ? [0, 1] : [0, 0.2, 0.4, 0.6, 0.8, 1] };
  const rough = max / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  const multiples = integer && power <= 1 ? [1, 2, 5, 10] : [1, 2, 2.5, 5, 10];
  let step = multiples.map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  if (integer) step = Math.max(1, Math.ceil(step));
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let v = 0; v <= top + step / 2; v += step) ticks.push(Number(v.toPrecision(12)));
  return { max: top, ticks };
}

/** A smooth line through the points that never overshoots between them (monotone cubic, Fritsch-Carlson). */
export function smoothPath(points: readonly [number, number][]): string {
  if (points.length === 0) return '';
  if (points.length === 1) return `M${points[0]![0]},${points[0]![1]}`;
  const n = points.length;
  const dx = (i: number) => points[i + 1]![0] - points[i]![0];
  const slope = (i: number) => (points[i + 1]![1] - points[i]![1]) / dx(i);
  const tangents = points.map((_, i) => {
    if (i === 0) return slope(0);
    if (i === n - 1) return slope(n - 2);
    const a = slope(i - 1);
    const b = slope(i);
    return a * b <= 0 ? 0 : (2 * a * b) / (a + b);
  });
  let d = `M${points[0]![0]},${points[0]![1]}`;
  for (let i = 0; i < n - 1; i++) {
    const [x0, y0] = points[i]!;
    const [x1, y1] = points[i + 1]!;
    const h = dx(i) / 3;
    d += ` C${x0 + h},${y0 + tangents[i]! * h} ${x1 - h},${y1 - tangents[i + 1]! * h} ${x1},${y1}`;
  }
  return d;
}

const axisNumber = (v: number) => v.toLocaleString();

// Inline styles: the chart's look travels with it (colours from the layout's theme variables, dark mode included).
const LEGEND: CSSProperties = {
  position: 'absolute',
  top: 0,
  left: 0,
  right: 0,
  display: 'flex',
  justifyContent: 'center',
  gap: 8,
  flexWrap: 'wrap',
};
const LEGEND_ITEM: CSSProperties = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: 6,
  padding: '2px 6px',
  border: 0,
  background: 'none',
  color: 'inherit',
  font: 'inherit',
  fontSize: 12,
  cursor: 'pointer',
};
const TOOLTIP: CSSProperties = {
  position: 'absolute',
  pointerEvents: 'none',
  minWidth: 170,
  padding: '8px 10px',
  fontSize: 12,
  lineHeight: 1.7,
  whiteSpace: 'nowrap',
  background: 'var(--theone-bg, #fff)',
  color: 'var(--theone-text, rgba(0, 0, 0, 0.88))',
  border: '1px solid var(--theone-border, #f0f0f0)',
  borderRadius: 4,
  boxShadow: '0 3px 12px rgba(0, 0, 0, 0.12)',
};

export default function HomeChart({ chart, onDayClick, color = '#de7a62' }: HomeChartProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(720);
  const [hidden, setHidden] = useState<ReadonlySet<Series>>(new Set());
  const [hover, setHover] = useState<number | undefined>();

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => element.clientWidth > 0 && setWidth(element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const n = chart.days.length;
  const weights = useMemo(() => chart.weight.map(Number), [chart.weight]);
  const volumes = useMemo(() => chart.volume.map(Number), [chart.volume]);
  const scales = useMemo(
    () => ({
      orders: niceScale(Math.max(0, ...chart.orders), true),
      weight: niceScale(Math.max(0, ...weights)),
      volume: niceScale(Math.max(0, ...volumes)),
    }),
    [chart.orders, weights, volumes],
  );

  const left = PAD.left;
  const right = Math.max(left + 60, width - PAD.right);
  const top = PAD.top;
  const bottom = HEIGHT - PAD.bottom;
  const band = n > 0 ? (right - left) / n : 0;
  const y = (value: number, scale: Scale) => bottom - (value / scale.max) * (bottom - top);
  const xOf = (i: number) => left + band * (i + 0.5);
  const barWidth = Math.min(18, band * 0.6);
  const labelEvery = Math.max(1, Math.ceil(44 / Math.max(band, 1)));

  const names: Record<Series, string> = {
    orders: t('home_chart_orders'),
    weight: t('home_chart_weight'),
    volume: t('home_chart_volume'),
  };
  const toggle = (series: Series) =>
    setHidden((current) => {
      const next = new Set(current);
      if (!next.delete(series)) next.add(series);
      return next;
    });

  const figures = (i: number) => [
    chart.days[i]!,
    `${names.orders}: ${chart.orders[i]}`,
    `${names.weight}: ${formatMoney(chart.weight[i], 2)} kg`,
    `${names.volume}: ${formatMoney(chart.volume[i], 3)} m³`,
  ];

  const indexAt = (clientX: number, area: HTMLElement) => {
    const x = clientX - area.getBoundingClientRect().left;
    const i = Math.floor((x - left) / band);
    return i >= 0 && i < n ? i : undefined;
  };

  useEffect(() => {
    if (hover !== undefined && hover >= n) setHover(undefined);
  }, [hover, n]);

  const line = (series: 'weight' | 'volume', values: number[]) =>
    hidden.has(series) ? null : (
      <g data-series={series} stroke={LINE_COLORS[series]} fill="none">
        <path d={smoothPath(values.map((v, i) => [xOf(i), y(v, scales[series])]))} strokeWidth={2} />
        {values.map((v, i) => (
          <circle key={chart.days[i]} cx={xOf(i)} cy={y(v, scales[series])} r={2} fill="#fff" strokeWidth={1.5} />
        ))}
      </g>
    );

  return (
    <div ref={box} className="home-chart" data-testid="home-chart" style={{ position: 'relative' }}>
      <div className="home-chart-legend" role="toolbar" aria-label={t('home_chart_title')} style={LEGEND}>
        {(['orders', 'weight', 'volume'] as const).map((series) => (
          <button
            key={series}
            type="button"
            aria-pressed={!hidden.has(series)}
            className="home-chart-legend-item"
            style={hidden.has(series) ? { ...LEGEND_ITEM, opacity: 0.4 } : LEGEND_ITEM}
            onClick={() => toggle(series)}
          >
            <svg width="22" height="12" aria-hidden="true">
              {series === 'orders' ? (
                <rect x="1" y="1" width="20" height="10" rx="2" fill={color} />
              ) : (
                <g stroke={LINE_COLORS[series]} strokeWidth="2" fill="#fff">
                  <line x1="0" y1="6" x2="22" y2="6" />
                  <circle cx="11" cy="6" r="4" />
                </g>
              )}
            </svg>
            {names[series]}
          </button>
        ))}
      </div>
      <div
        // A slider over the days for the keyboard and screen readers: arrows move, the day's figures are read out.
        role="slider"
        aria-label={t('home_chart_title')}
        aria-valuemin={0}
        aria-valuemax={Math.max(0, n - 1)}
        aria-valuenow={hover ?? Math.max(0, n - 1)}
        aria-valuetext={hover !== undefined ? figures(hover).join(', ') : undefined}
        style={{ outline: 'none', cursor: onDayClick && hover !== undefined ? 'pointer' : undefined }}
        onMouseMove={(e) => setHover(indexAt(e.clientX, e.currentTarget))}
        onMouseLeave={() => setHover(undefined)}
        onClick={(e) => {
          const i = indexAt(e.clientX, e.currentTarget);
          if (i !== undefined) onDayClick?.(chart.days[i]!);
        }}
        // Keyboard: arrows move between days (their figures show), Enter opens the day's orders.
        tabIndex={0}
        onFocus={() => setHover((h) => h ?? (n > 0 ? n - 1 : undefined))}
        onBlur={() => setHover(undefined)}
        onKeyDown={(e) => {
          if (n === 0) return;
          if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
            e.preventDefault();
            const step = e.key === 'ArrowRight' ? 1 : -1;
            setHover((h) => Math.min(n - 1, Math.max(0, (h ?? n - 1) + step)));
          } else if (e.key === 'Enter' && hover !== undefined) {
            onDayClick?.(chart.days[hover]!);
          }
        }}
      >
        <svg width={width} height={HEIGHT} aria-hidden="true" style={{ display: 'block' }}>
          <g className="home-chart-axis" fontSize={12} fill="currentColor">
            <text x={4} y={top - 14} fillOpacity={0.65}>
              {names.orders}
            </text>
            {scales.orders.ticks.map((v) => (
              <g key={`o${v}`}>
                <line
                  x1={left}
                  x2={right}
                  y1={y(v, scales.orders)}
                  y2={y(v, scales.orders)}
                  stroke="currentColor"
                  strokeOpacity={0.12}
                />
                <text x={left - 8} y={y(v, scales.orders) + 4} textAnchor="end" fillOpacity={0.65}>
                  {axisNumber(v)}
                </text>
              </g>
            ))}
            {scales.weight.ticks.map((v) => (
              <text key={`w${v}`} x={right + 8} y={y(v, scales.weight) + 4} fillOpacity={0.65}>
                {`${axisNumber(v)} kg`}
              </text>
            ))}
            {scales.volume.ticks.map((v) => (
              <text key={`v${v}`} x={right + 8 + SECOND_RIGHT_AXIS} y={y(v, scales.volume) + 4} fillOpacity={0.65}>
                {`${axisNumber(v)} m³`}
              </text>
            ))}
            {chart.days.map((day, i) =>
              i % labelEvery === 0 ? (
                <text key={day} x={xOf(i)} y={bottom + 18} textAnchor="middle" fillOpacity={0.65}>
                  {day.slice(5)}
                </text>
              ) : null,
            )}
          </g>
          {hover !== undefined ? (
            <rect
              x={left + band * hover}
              y={top}
              width={band}
              height={bottom - top}
              fill="currentColor"
              fillOpacity={0.06}
            />
          ) : null}
          {hidden.has('orders') ? null : (
            <g data-series="orders" fill={color}>
              {chart.orders.map((v, i) => (
                <rect
                  key={chart.days[i]}
                  className="home-chart-bar"
                  x={xOf(i) - barWidth / 2}
                  y={y(v, scales.orders)}
                  width={barWidth}
                  height={bottom - y(v, scales.orders)}
                />
              ))}
            </g>
          )}
          {line('weight', weights)}
          {line('volume', volumes)}
        </svg>
      </div>
      {hover !== undefined && chart.days[hover] ? (
        <div
          className="home-chart-tooltip"
          role="tooltip"
          style={{ ...TOOLTIP, left: Math.max(0, Math.min(xOf(hover) + 12, width - 190)), top: top + 8 }}
        >
          {figures(hover).map((text, i) => (
            <div key={text} style={i === 0 ? { fontWeight: 600 } : undefined}>
              {text}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
