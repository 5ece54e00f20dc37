import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.setConfig({ testTimeout: 30_000 });

import { ApiError } from '../../../lib/request';
import { answerConfirm, spyFeedback } from '../../../test/feedback-spy';
import { useCheckTree, withAncestors } from '../role/MenuTreeField';
import { StatusSwitch } from '../shared/StatusSwitch';

/** System screens: status switch, unsaved-changes check, tree helpers. */
let fb: ReturnType<typeof spyFeedback>;
beforeEach(() => {
  fb = spyFeedback();
});
afterEach(() => fb.restore());

describe('StatusSwitch', () => {
  it('asks, calls and stays switched when the call succeeds', async () => {
    const onChange = vi.fn(async () => undefined);
    const onDone = vi.fn();
    answerConfirm(fb.modal, true);
    render(<StatusSwitch status="0" name="sales" what="user" onChange={onChange} onDone={onDone} />);
    const sw = screen.getByRole('switch');
    fireEvent.click(sw);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('1'));
    expect(fb.modal.confirm.mock.calls[0]![0].content).toBe('确认要“停用”用户“sales”吗？');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sw.getAttribute('aria-checked')).toBe('false');
    expect(fb.message.success).toHaveBeenCalled();
  });

  it('stays when the prompt is cancelled and goes back when the call fails', async () => {
    const failing = vi.fn(async () => {
      throw new ApiError('no', { kind: 'forbidden', code: 403, status: 403, handled: true });
    });
    answerConfirm(fb.modal, false);
    render(<StatusSwitch status="0" name="admin" what="user" onChange={failing} />);
    const sw = screen.getByRole('switch');
    fireEvent.click(sw);
    await waitFor(() => expect(fb.modal.confirm).toHaveBeenCalledTimes(1));
    expect(failing).not.toHaveBeenCalled();
    expect(sw.getAttribute('aria-checked')).toBe('true');
    answerConfirm(fb.modal, true);
    fireEvent.click(sw);
    await waitFor(() => expect(failing).toHaveBeenCalled());
    await waitFor(() => expect(sw.getAttribute('aria-checked')).toBe('true'));
  });
});

describe('menu and department trees', () => {
  const tree = [
    { id: 1, label: 'System', children: [{ id: 2, label: 'Users', children: [{ id: 3, label: 'Add' }] }] },
    { id: 9, label: 'Other' },
  ];
  it('adds the parents of checked entries (linked trees save the half-checked directories too)', () => {
    expect(withAncestors(tree, [3]).sort()).toEqual([1, 2, 3]);
    expect(withAncestors(tree, [9])).toEqual([9]);
    expect(withAncestors(tree, [])).toEqual([]);
  });

  it('holds the checked ids from where they start, and saves them with their parents only when linked', () => {
    type Start = { checked: number[]; linked: boolean } | undefined;
    const { result, rerender } = renderHook(({ start }: { start: Start }) => useCheckTree(tree, start), {
      initialProps: { start: undefined as Start },
    });
    expect(result.current.tree).toMatchObject({ value: [], linked: true });
    rerender({ start: { checked: [3], linked: false } });
    expect(result.current.tree).toMatchObject({ value: [3], linked: false });
    expect(result.current.chosen()).toEqual([3]);
    act(() => result.current.tree.onLinkedChange(true));
    expect(result.current.chosen().sort()).toEqual([1, 2, 3]);
    act(() => result.current.tree.onChange([9]));
    expect(result.current.chosen()).toEqual([9]);
  });
});
