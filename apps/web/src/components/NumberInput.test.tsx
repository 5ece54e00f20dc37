import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { zMoney, zWeight } from '@theone/contracts/common/money';
import { zSort } from '@theone/contracts/system/common';
import { Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { translate } from '../lib/i18n';
import { FormModal } from './FormDialog';
import { zodRule } from './form-rules';
import { DecimalInput, IntegerInput } from './NumberInput';

/**
 * Number boxes never change what was typed (issue 10 item 4): -800 stays -800, the field shows the contracts' error
 * and the form does not submit; valid text reaches the form as typed (decimals as strings).
 */
vi.setConfig({ testTimeout: 30_000 });

type Values = { price?: string | null; weight?: string | null; sort?: number | string | null };

function Dialog({ onSubmit }: { onSubmit: (v: Values) => Promise<unknown> }) {
  const t = translate as never;
  return (
    <FormModal<Values>
      open
      title="edit"
      initialValues={{ price: '12.50', sort: 3 }}
      onSubmit={onSubmit}
      onClose={() => {}}
    >
      <Form.Item name="price" label="price" rules={[zodRule(zMoney, t, { optional: true })]}>
        <DecimalInput aria-label="price" />
      </Form.Item>
      <Form.Item name="weight" label="weight" rules={[zodRule(zWeight, t, { optional: true })]}>
        <DecimalInput aria-label="weight" suffix="kg" />
      </Form.Item>
      <Form.Item name="sort" label="sort" rules={[zodRule(zSort, t)]}>
        <IntegerInput aria-label="sort" />
      </Form.Item>
    </FormModal>
  );
}

const ok = () => fireEvent.click(screen.getAllByRole('button').find((b) => /确\s*定|OK/.test(b.textContent ?? ''))!);
const box = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('number boxes', () => {
  it('keep -800 as typed, show the field error and do not submit', async () => {
    const onSubmit = vi.fn(async () => undefined);
    render(<Dialog onSubmit={onSubmit} />);
    await screen.findByDisplayValue('12.50');
    fireEvent.change(box('price'), { target: { value: '-800' } });
    fireEvent.blur(box('price'));
    fireEvent.change(box('weight'), { target: { value: '-25' } });
    fireEvent.blur(box('weight'));
    await act(async () => ok());
    expect(await screen.findByText('金额不能为负数')).toBeTruthy();
    expect(await screen.findByText('重量不能为负数')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(box('price').value).toBe('-800');
    expect(box('weight').value).toBe('-25');
  });

  it('do not round or reformat: too many decimals is an error, not a rounded amount', async () => {
    const onSubmit = vi.fn(async () => undefined);
    render(<Dialog onSubmit={onSubmit} />);
    await screen.findByDisplayValue('12.50');
    fireEvent.change(box('price'), { target: { value: '1.005' } });
    await act(async () => ok());
    expect(await screen.findByText(/最多12位整数、2位小数/)).toBeTruthy();
    expect(box('price').value).toBe('1.005');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('word bare zod limits in the user language (sort order below 0, not a whole number)', async () => {
    render(<Dialog onSubmit={vi.fn(async () => undefined)} />);
    await screen.findByDisplayValue('12.50');
    fireEvent.change(box('sort'), { target: { value: '-1' } });
    await act(async () => ok());
    expect(await screen.findByText('此项 不能小于 0')).toBeTruthy();
    fireEvent.change(box('sort'), { target: { value: '1.5' } });
    await waitFor(() => expect(screen.getByText('请输入整数')).toBeTruthy());
    expect(box('sort').value).toBe('1.5');
    fireEvent.change(box('sort'), { target: { value: 'abc' } });
    await waitFor(() => expect(screen.getByText('请输入数字')).toBeTruthy());
  });

  it('submit valid text as typed: decimals as strings, whole numbers as numbers, leading zeros kept on screen', async () => {
    const onSubmit = vi.fn(async (_v: Values) => undefined);
    render(<Dialog onSubmit={onSubmit} />);
    await screen.findByDisplayValue('12.50');
    fireEvent.change(box('price'), { target: { value: '800' } });
    fireEvent.change(box('weight'), { target: { value: '25.5' } });
    fireEvent.change(box('sort'), { target: { value: '007' } });
    expect(box('sort').value).toBe('007');
    await act(async () => ok());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ price: '800', weight: '25.5', sort: 7 });
  });
});
