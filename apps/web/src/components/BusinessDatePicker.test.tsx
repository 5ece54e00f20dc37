import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authStore } from '../lib/session';
import { BusinessDatePicker, BusinessRangePicker } from './BusinessDatePicker';
import { filtersToForm, formToFilters } from './ListPage/SearchForm';

/**
 * Date pickers in the business time zone (issue 10 item 3), with the browser (this process) in Asia/Bangkok: a server
 * instant shows as Shanghai's wall clock, an untouched value is never changed, a typed or picked one is business
 * text, and 'Now' is Shanghai's clock.
 */
vi.setConfig({ testTimeout: 30_000 });

const ORIGINAL_TZ = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Asia/Bangkok';
  authStore.set({ timezone: 'Asia/Shanghai' });
});
afterAll(() => {
  process.env.TZ = ORIGINAL_TZ;
});

const input = () => document.querySelector<HTMLInputElement>('.ant-picker input')!;

describe('<BusinessDatePicker>', () => {
  it('shows an instant in the business zone and changes nothing while untouched', async () => {
    const onChange = vi.fn();
    render(<BusinessDatePicker showTime value="2026-11-09T16:30:00.000Z" onChange={onChange} />);
    expect(input().value).toBe('2026-11-10 00:30:00');
    fireEvent.focus(input());
    fireEvent.blur(input());
    expect(onChange).not.toHaveBeenCalled();
  });

  it('answers typed text as business text', async () => {
    const onChange = vi.fn();
    render(<BusinessDatePicker showTime value="2026-11-09T16:30:00.000Z" onChange={onChange} />);
    fireEvent.mouseDown(input());
    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: '2026-11-11 00:30:00' } });
    fireEvent.keyDown(input(), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('2026-11-11 00:30:00'));
  });

  it("takes 'Now' from the business clock, not the browser's", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-09T16:30:00Z')); // 23:30 in Bangkok, 00:30 the next day in Shanghai
    try {
      const onChange = vi.fn();
      render(<BusinessDatePicker showTime onChange={onChange} open />);
      await act(async () => {
        fireEvent.click(await screen.findByText(/此刻|Now/));
      });
      const ok = document.querySelector<HTMLButtonElement>('.ant-picker-ok button');
      if (ok) await act(async () => fireEvent.click(ok));
      await waitFor(() => expect(onChange).toHaveBeenCalledWith('2026-11-10 00:30:00'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('holds dates without a time as business days', () => {
    render(<BusinessDatePicker value="2026-11-10" />);
    expect(input().value).toBe('2026-11-10');
  });
});

describe('<BusinessRangePicker> and the list search form', () => {
  it('shows and keeps business days', () => {
    render(<BusinessRangePicker value={['2026-11-01', '2026-11-30']} />);
    const [a, b] = Array.from(document.querySelectorAll<HTMLInputElement>('.ant-picker input'));
    expect(a!.value).toBe('2026-11-01');
    expect(b!.value).toBe('2026-11-30');
  });

  it('round-trips date filters through the form unchanged', () => {
    const fields = [
      { type: 'dateRange' as const, name: 'orderTime', label: 'x' },
      { type: 'date' as const, name: 'day', label: 'y' },
    ];
    const filters = { beginTime: '2026-11-10', endTime: '2026-11-10', day: '2026-11-09' };
    expect(formToFilters(fields, filtersToForm(fields, filters))).toEqual(filters);
  });
});
