import { render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePermission } from '../lib/permission';
import { authStore, clearSession } from '../lib/session';
import { Auth } from './Auth';

// antd renders slowly in jsdom, more so while other test runs share the machine.
vi.setConfig({ testTimeout: 30_000 });

/** Permission component and hook (spec §5, §6). */
const as = (permissions: string[], roles: string[], isFeeRole = false) =>
  authStore.set({ permissions, roles, isFeeRole });

afterEach(() => clearSession());

describe('<Auth>', () => {
  it('renders for a user with the permission (any of a list)', () => {
    as(['bus:order:add'], ['sales']);
    render(
      <>
        <Auth perm="bus:order:add">
          <button type="button">add</button>
        </Auth>
        <Auth perm={['x:y', 'bus:order:add']}>
          <button type="button">either</button>
        </Auth>
        <Auth perm="bus:order:remove">
          <button type="button">remove</button>
        </Auth>
      </>,
    );
    expect(screen.getByText('add')).toBeTruthy();
    expect(screen.getByText('either')).toBeTruthy();
    expect(screen.queryByText('remove')).toBeNull();
  });

  it('the wildcard permission passes everything, the admin role every role', () => {
    as(['*:*:*'], ['admin']);
    render(
      <Auth perm="anything:at:all" roleKey="finance">
        <span>shown</span>
      </Auth>,
    );
    expect(screen.getByText('shown')).toBeTruthy();
  });

  it('removes elements for a missing role and can show a fallback', () => {
    as([], ['driver']);
    render(
      <Auth roleKey="finance" fallback={<span>no</span>}>
        <span>yes</span>
      </Auth>,
    );
    expect(screen.queryByText('yes')).toBeNull();
    expect(screen.getByText('no')).toBeTruthy();
  });

  it('throws without a value', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Auth>x</Auth>)).toThrow(/perm/);
    expect(() => render(<Auth perm="">x</Auth>)).toThrow(/Permission check without a value/);
    expect(() => render(<Auth roleKey={[]}>x</Auth>)).toThrow(/Role check without a value/);
    quiet.mockRestore();
  });
});

describe('usePermission', () => {
  it('answers hasPermi, hasRole and isFeeRole from the session', () => {
    as(['bus:order'], ['finance'], true);
    const { result } = renderHook(() => usePermission());
    expect(result.current.hasPermi('bus:order')).toBe(true);
    expect(result.current.hasPermi(['nope', 'bus:order'])).toBe(true);
    expect(result.current.hasPermi('system:user:list')).toBe(false);
    expect(result.current.hasRole('finance')).toBe(true);
    expect(result.current.hasRole('admin')).toBe(false);
    expect(result.current.isFeeRole).toBe(true);
  });

  it('throws when asked without a value', () => {
    as(['*:*:*'], ['admin']);
    const { result } = renderHook(() => usePermission());
    expect(() => result.current.hasPermi('')).toThrow();
    expect(() => result.current.hasPermi([])).toThrow();
    expect(() => result.current.hasRole('')).toThrow();
  });

  it('follows a change of session', () => {
    as([], ['sales']);
    const { result, rerender } = renderHook(() => usePermission());
    expect(result.current.hasPermi('bus:order')).toBe(false);
    as(['bus:order'], ['sales']);
    rerender();
    expect(result.current.hasPermi('bus:order')).toBe(true);
  });
});
