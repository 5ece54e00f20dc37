import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useUrlTab } from './url-state';

const TABS = ['open', 'closed', 'all'] as const;

function setup(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => {
      const [tab, setTab] = useUrlTab(TABS, 'open');
      return { tab, setTab, search: useLocation().search };
    },
    { wrapper },
  );
}

describe('useUrlTab', () => {
  it('reads the tab from the URL, and an unknown or missing one as the fallback', () => {
    expect(setup('/x?tab=closed').result.current.tab).toBe('closed');
    expect(setup('/x?tab=nope').result.current.tab).toBe('open');
    expect(setup('/x').result.current.tab).toBe('open');
  });

  it('switching keeps the other filters and starts the list at its first page', () => {
    const { result } = setup('/x?tab=open&pageNum=3&mark=AB');
    act(() => result.current.setTab('all'));
    const q = new URLSearchParams(result.current.search);
    expect(result.current.tab).toBe('all');
    expect(q.get('pageNum')).toBeNull();
    expect(q.get('mark')).toBe('AB');
  });

  it('choosing the tab already shown keeps the page', () => {
    const { result } = setup('/x?tab=closed&pageNum=3');
    act(() => result.current.setTab('closed'));
    expect(new URLSearchParams(result.current.search).get('pageNum')).toBe('3');
  });
});
