import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore, clearSession } from '../lib/session';
import { testQueryClient } from '../test/render';
import { useTreeActions, useTreeDialog, useTreeScreen } from './tree-list';

/** The tree screens' (departments, menus) add/edit dialog state and their permission-gated row actions. */
interface Node {
  id: number;
  leaf: boolean;
}

afterEach(() => clearSession());

describe('useTreeDialog', () => {
  it('opens for a new row under a parent or for a row to edit, and closes empty', () => {
    const saved = vi.fn();
    const { result } = renderHook(() => useTreeDialog<Node>(saved));
    const state = () => {
      const { open, row, parentId } = result.current.dialog;
      return { open, row, parentId };
    };
    expect(state()).toEqual({ open: false, row: undefined, parentId: undefined });
    act(() => result.current.add(4));
    expect(state()).toEqual({ open: true, row: undefined, parentId: 4 });
    act(() => result.current.edit({ id: 9, leaf: true }));
    expect(state()).toEqual({ open: true, row: { id: 9, leaf: true }, parentId: undefined });
    act(() => result.current.dialog.onClose());
    expect(state()).toEqual({ open: false, row: undefined, parentId: undefined });
    expect(result.current.dialog.onSaved).toBe(saved);
  });
});

describe('useTreeActions', () => {
  const on = { edit: vi.fn(), addChild: vi.fn(), remove: vi.fn() };

  it('gives each action under its permission, and leaves out what the row refuses', () => {
    authStore.set({ permissions: ['t:node:edit', 't:node:add', 't:node:remove'] });
    const { result } = renderHook(() => useTreeActions<Node>('t:node', on, { addChild: (n) => !n.leaf }));
    const leaf = result.current({ id: 1, leaf: true });
    expect(leaf.addChild).toBeUndefined();
    leaf.edit?.();
    leaf.remove?.();
    expect(on.edit).toHaveBeenCalledWith({ id: 1, leaf: true });
    expect(on.remove).toHaveBeenCalledWith({ id: 1, leaf: true });
    result.current({ id: 2, leaf: false }).addChild?.();
    expect(on.addChild).toHaveBeenCalledWith({ id: 2, leaf: false });
  });

  it('gives none without the permissions', () => {
    authStore.set({ permissions: ['t:node:list'] });
    const { result } = renderHook(() => useTreeActions<Node>('t:node', on));
    expect(result.current({ id: 1, leaf: false })).toEqual({ edit: undefined, addChild: undefined, remove: undefined });
  });
});

describe('useTreeScreen', () => {
  it('reads the tree, gives the table its row key, Add permission and last columns, and adds a child in the dialog', async () => {
    authStore.set({ permissions: ['t:node:add'] });
    const client = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const rows = [
      { id: 1, parentId: 0, leaf: false },
      { id: 2, parentId: 1, leaf: true },
    ];
    const { result } = renderHook(
      () =>
        useTreeScreen<(typeof rows)[number]>({
          queryKey: () => ['t', 'nodes'],
          fetch: async () => rows,
          idKey: 'id',
          parentKey: 'parentId',
          invalidate: [],
          perm: 't:node',
          confirmRemove: () => 'sure?',
          removeRow: async () => undefined,
        }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.rows).toHaveLength(1));
    expect(result.current.tableProps).toMatchObject({ rowKey: 'id', addPerm: 't:node:add' });
    expect(result.current.lastColumns.map((c) => c.key)).toEqual(['status', 'createTime', 'actions']);
    const actions = result.current.actions(rows[0]!);
    expect(actions.edit).toBeUndefined();
    act(() => actions.addChild?.());
    expect(result.current.editing.dialog).toMatchObject({ open: true, parentId: 1 });
  });
});
