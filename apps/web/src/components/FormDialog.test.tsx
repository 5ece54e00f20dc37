import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { changedFrom, FormModal } from './FormDialog';

// antd renders slowly in jsdom, more so while other test runs share the machine.
vi.setConfig({ testTimeout: 30_000 });

const confirmAction = vi.hoisted(() => vi.fn(async () => true));
vi.mock('./confirm', () => ({ confirmAction }));

function Dialog({ onClose }: { onClose: () => void }) {
  return (
    <FormModal<{ name: string; status: string }>
      open
      title="edit"
      initialValues={{ name: 'Anan' }}
      onSubmit={async () => undefined}
      onClose={onClose}
    >
      <Form.Item name="name" label="name">
        <Input aria-label="name" />
      </Form.Item>
      <Form.Item name="status" label="status" initialValue="0">
        <Input aria-label="status" />
      </Form.Item>
    </FormModal>
  );
}

const cancel = () =>
  fireEvent.click(
    screen
      .getAllByRole('button', { hidden: true })
      .find((b) => /cancel|取消|close/i.test(`${b.textContent} ${b.getAttribute('aria-label')}`))!,
  );

describe('<FormModal> closing', () => {
  it('closes at once when nothing was changed (values set on opening do not count)', async () => {
    confirmAction.mockClear();
    const onClose = vi.fn();
    render(<Dialog onClose={onClose} />);
    await screen.findByDisplayValue('Anan');
    await act(async () => cancel());
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(confirmAction).not.toHaveBeenCalled();
  });

  it('asks before closing when a value was changed, and stays open when the user says no', async () => {
    confirmAction.mockClear();
    confirmAction.mockResolvedValueOnce(false);
    const onClose = vi.fn();
    render(<Dialog onClose={onClose} />);
    fireEvent.change(await screen.findByDisplayValue('Anan'), { target: { value: 'Somchai' } });
    await act(async () => cancel());
    await waitFor(() => expect(confirmAction).toHaveBeenCalledTimes(1));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes at once when a value was changed and changed back', async () => {
    confirmAction.mockClear();
    const onClose = vi.fn();
    render(<Dialog onClose={onClose} />);
    const input = await screen.findByDisplayValue('Anan');
    fireEvent.change(input, { target: { value: 'Somchai' } });
    fireEvent.change(input, { target: { value: 'Anan' } });
    await act(async () => cancel());
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(confirmAction).not.toHaveBeenCalled();
  });
});

describe('changedFrom', () => {
  it('treats empty values alike and lists in any order', () => {
    expect(changedFrom({ a: 'x', b: '', c: [2, 1] }, { a: 'x', c: [1, 2] })).toBe(false);
    expect(changedFrom({ a: 'x', b: undefined }, { a: 'x', b: null })).toBe(false);
    expect(changedFrom({ a: 'y' }, { a: 'x' })).toBe(true);
    expect(changedFrom({ roleIds: [1, 3] }, { roleIds: [1] })).toBe(true);
    expect(changedFrom({ n: 0 }, { n: 0 })).toBe(false);
  });
});

describe('<FormModal> label width', () => {
  const labelStyle = (label: string) =>
    screen.getByText(label, { selector: 'label' }).closest('.ant-form-item-label')?.getAttribute('style') ?? '';
  const Labelled = ({ layout }: { layout?: 'vertical' }) => (
    <FormModal<{ name: string }> open title="t" layout={layout} onSubmit={async () => undefined} onClose={() => {}}>
      <Form.Item name="name" label="who">
        <Input />
      </Form.Item>
    </FormModal>
  );

  it('gives labels beside the fields a fixed width', async () => {
    render(<Labelled />);
    await screen.findByText('who', { selector: 'label' });
    expect(labelStyle('who')).toContain('110px');
  });

  it('gives labels above the fields none (a flex basis there was a tall gap under each label on a phone)', async () => {
    render(<Labelled layout="vertical" />);
    await screen.findByText('who', { selector: 'label' });
    expect(labelStyle('who')).not.toContain('110px');
  });
});
