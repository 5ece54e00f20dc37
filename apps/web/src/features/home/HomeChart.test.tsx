import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { THomeChart } from './api';
import HomeChart, { niceScale, smoothPath } from './HomeChart';

/** The home page's 30-day chart (SVG, issue 10 item 10 replaced ECharts): bars, two lines, legend, day figures. */
const days = Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`);
const chart: THomeChart = {
  days,
  orders: days.map((_, i) => (i === 29 ? 7 : i % 3)),
  weight: days.map((_, i) => (i === 29 ? '1234.5' : '10.25')),
  volume: days.map((_, i) => (i === 29 ? '2.125' : '0.300')),
};

describe('niceScale', () => {
  it.each([
    [7, true, 8, [0, 2, 4, 6, 8]],
    [3, true, 3, [0, 1, 2, 3]],
    [1234.5, false, 1250, [0, 250, 500, 750, 1000, 1250]],
    [2.125, false, 2.5, [0, 0.5, 1, 1.5, 2, 2.5]],
    [0, true, 1, [0, 1]],
  ])('max %s (integer %s) -> top %s', (max, integer, top, ticks) => {
    expect(niceScale(max, integer)).toEqual({ max: top, ticks });
  });
});

describe('smoothPath', () => {
  it('passes through every point and stays flat between equal values (no dip below zero)', () => {
    const d = smoothPath([
      [0, 100],
      [10, 100],
      [20, 50],
    ]);
    expect(d.startsWith('M0,100')).toBe(true);
    expect(d).toContain(' 10,100');
    expect(d.endsWith(' 20,50')).toBe(true);
    // between the two equal points both control points stay at y = 100
    expect(d).toMatch(/C3\.33+\d*,100 6\.66+\d*,100 10,100/);
  });
});

describe('<HomeChart>', () => {
  it('draws a bar per day and both lines, with the axes in orders, kg and m³', () => {
    const { container } = render(<HomeChart chart={chart} />);
    expect(container.querySelectorAll('.home-chart-bar')).toHaveLength(30);
    expect(container.querySelector('[data-series=weight] path')).not.toBeNull();
    expect(container.querySelector('[data-series=volume] path')).not.toBeNull();
    expect(screen.getByText('1,250 kg')).toBeTruthy();
    expect(screen.getByText('2.5 m³')).toBeTruthy();
  });

  it('the legend switches a series off and on', () => {
    const { container } = render(<HomeChart chart={chart} />);
    const weight = screen.getByRole('button', { name: /重量/ });
    fireEvent.click(weight);
    expect(weight.getAttribute('aria-pressed')).toBe('false');
    expect(container.querySelector('[data-series=weight]')).toBeNull();
    fireEvent.click(weight);
    expect(container.querySelector('[data-series=weight]')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /订单/ }));
    expect(container.querySelectorAll('.home-chart-bar')).toHaveLength(0);
  });

  it('shows a day’s exact figures and opens its orders, by mouse and by keyboard', () => {
    const onDayClick = vi.fn();
    render(<HomeChart chart={chart} onDayClick={onDayClick} />);
    const area = screen.getByRole('slider');
    // jsdom has no layout: the area starts at x = 0 and the chart is 720 px wide (48 px left axis, 150 px right)
    fireEvent.mouseMove(area, { clientX: 48 + (522 / 30) * 29.5 });
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip.textContent).toContain('2026-11-30');
    expect(tooltip.textContent).toContain('1,234.50 kg');
    expect(tooltip.textContent).toContain('2.125 m³');
    fireEvent.click(area, { clientX: 48 + (522 / 30) * 0.5 });
    expect(onDayClick).toHaveBeenLastCalledWith('2026-11-01');

    fireEvent.mouseLeave(area);
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.focus(area);
    expect(area.getAttribute('aria-valuetext')).toContain('2026-11-30');
    fireEvent.keyDown(area, { key: 'ArrowLeft' });
    expect(area.getAttribute('aria-valuetext')).toContain('2026-11-29');
    fireEvent.keyDown(area, { key: 'Enter' });
    expect(onDayClick).toHaveBeenLastCalledWith('2026-11-29');
  });
});
