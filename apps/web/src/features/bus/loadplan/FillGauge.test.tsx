import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FillBar, FillGauge } from './FillGauge';

/** The fill gauge: percentages from contracts fillOf, colour bands (under 85, 85-100, over 100), M-cap warning. */
describe('<FillGauge>', () => {
  it('shows volume and weight of a 40HQ against its capacity, green under 85 %', () => {
    render(<FillGauge containerType="40HQ" volume="34" weight="13000" />);
    expect(screen.getByText('体积 34.000 / 68 m³')).toBeTruthy();
    expect(screen.getByText('重量 13000.00 / 26000 kg')).toBeTruthy();
    expect(screen.getByTestId('fill-gauge-volume').getAttribute('data-band')).toBe('ok');
    expect(screen.getByTestId('fill-gauge-volume').textContent).toContain('50.0%');
    expect(screen.getByTestId('fill-gauge-weight').textContent).toContain('50.0%');
    expect(screen.queryByTestId('fill-gauge-over')).toBeNull();
  });

  it('turns blue from 85 % and red over 100 %, with the over-capacity warning (exact decimals)', () => {
    render(<FillGauge containerType="40HQ" volume="68.068" weight="22100" />);
    expect(screen.getByTestId('fill-gauge-volume').getAttribute('data-band')).toBe('over');
    expect(screen.getByTestId('fill-gauge-volume').textContent).toContain('100.1%');
    expect(screen.getByTestId('fill-gauge-weight').getAttribute('data-band')).toBe('full');
    expect(screen.getByTestId('fill-gauge-weight').textContent).toContain('85.0%');
    expect(screen.getByTestId('fill-gauge-over').textContent).toBe('超出容量：体积 100.1%，重量 85.0%');
  });

  it('shows the loaded part under the planned one', () => {
    render(<FillGauge containerType="20GP" volume="14" weight="2100" loaded={{ volume: '7', weight: '1050' }} />);
    expect(screen.getByTestId('fill-gauge-volume').textContent).toContain('50.0%');
    expect(screen.getByTestId('fill-gauge-volume-loaded').textContent).toContain('25.0%');
    expect(screen.getByTestId('fill-gauge-weight-loaded').textContent).toContain('5.0%');
  });

  it('says so for an unknown type and shows a dash for a missing percentage', () => {
    render(<FillGauge containerType="XX" volume="1" weight="1" />);
    expect(screen.getByText('未知柜型，无法计算装载率')).toBeTruthy();
    render(<FillBar percent={null} />);
    expect(screen.getByText('-')).toBeTruthy();
  });
});
