import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { THomeChart } from './api';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/**
 * The 30-day chart of the home page (screens §2): bars = orders per day, lines = weight (kg) and volume (m³) on
 * two right axes; the legend toggles series; clicking a day opens that day's orders. Loaded lazily (ECharts is
 * the heaviest module of the page), with only the chart types it draws.
 */
export interface HomeChartProps {
  chart: THomeChart;
  onDayClick?: (day: string) => void;
  /** bar colour (the theme's primary colour) */
  color?: string;
}

export default function HomeChart({ chart, onDayClick, color = '#de7a62' }: HomeChartProps) {
  const { t } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  const instance = useRef<echarts.ECharts | null>(null);
  const onClick = useRef(onDayClick);
  onClick.current = onDayClick;
  const days = useRef(chart.days);
  days.current = chart.days;

  useEffect(() => {
    if (!element.current) return;
    const c = echarts.init(element.current);
    instance.current = c;
    c.on('click', (params) => {
      const day = days.current[params.dataIndex as number];
      if (day) onClick.current?.(day);
    });
    const observer = new ResizeObserver(() => c.resize());
    observer.observe(element.current);
    return () => {
      observer.disconnect();
      c.dispose();
      instance.current = null;
    };
    // The instance lives as long as the element; data updates go through setOption below.
  }, []);

  useEffect(() => {
    const orders = t('home_chart_orders');
    const weight = t('home_chart_weight');
    const volume = t('home_chart_volume');
    instance.current?.setOption(
      {
        color: [color, '#1677ff', '#13a8a8'],
        tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
        legend: { data: [orders, weight, volume], top: 0 },
        grid: { left: 48, right: 150, top: 40, bottom: 28 },
        xAxis: {
          type: 'category',
          data: chart.days.map((d) => d.slice(5)),
          axisTick: { alignWithLabel: true },
        },
        yAxis: [
          { type: 'value', name: orders, minInterval: 1, nameTextStyle: { align: 'left' } },
          // The right axes carry their unit on each label (their names would collide): kg, then m³.
          {
            type: 'value',
            position: 'right',
            splitLine: { show: false },
            axisLabel: { formatter: (v: number) => `${v.toLocaleString()} kg` },
          },
          {
            type: 'value',
            position: 'right',
            offset: 78,
            splitLine: { show: false },
            axisLabel: { formatter: (v: number) => `${v.toLocaleString()} m³` },
          },
        ],
        series: [
          { name: orders, type: 'bar', data: chart.orders, barMaxWidth: 18, cursor: 'pointer' },
          { name: weight, type: 'line', yAxisIndex: 1, data: chart.weight.map(Number), smooth: true, symbolSize: 4 },
          { name: volume, type: 'line', yAxisIndex: 2, data: chart.volume.map(Number), smooth: true, symbolSize: 4 },
        ],
      },
      { notMerge: true },
    );
  }, [chart, color, t]);

  return <div ref={element} className="home-chart" data-testid="home-chart" />;
}
