import { ADMIN_ROLE_KEY, ALL_PERMISSION } from '@theone/contracts/common/permissions';
import { useMemo } from 'react';
import { authStore } from './session';

/**
 * Permission checks in the UI (spec §5, §6). They only hide what the server would refuse anyway.
 * - `hasPermi('bus:order:add')` or `hasPermi(['a', 'b'])` (any of): true with the key or `*:*:*`.
 * - `hasRole('finance')` or `hasRole([...])` (any of): true with the role or `admin`.
 * - `isFeeRole`: the session's fee-role flag; fee columns and fields are not rendered without it.
 * Both checks throw when given no value, like the spec's directives, so a forgotten key fails loudly.
 */
export type PermissionValue = string | readonly string[];

function normalize(value: PermissionValue | undefined, what: 'permission' | 'role'): readonly string[] {
  const list = typeof value === 'string' ? [value] : (value ?? []);
  const cleaned = list.filter((v) => typeof v === 'string' && v.trim() !== '');
  if (cleaned.length === 0) {
    throw new Error(
      what === 'permission'
        ? 'Permission check without a value: pass perm="group:resource:action" (or an array)'
        : 'Role check without a value: pass role="roleKey" (or an array)',
    );
  }
  return cleaned;
}

export function checkPermission(granted: readonly string[], value: PermissionValue | undefined): boolean {
  const required = normalize(value, 'permission');
  return granted.includes(ALL_PERMISSION) || required.some((p) => granted.includes(p));
}

export function checkRole(roles: readonly string[], value: PermissionValue | undefined): boolean {
  const required = normalize(value, 'role');
  return roles.includes(ADMIN_ROLE_KEY) || required.some((r) => roles.includes(r));
}

export interface PermissionApi {
  hasPermi: (value: PermissionValue) => boolean;
  hasRole: (value: PermissionValue) => boolean;
  isFeeRole: boolean;
}

export function usePermission(): PermissionApi {
  const permissions = authStore.use((s) => s.permissions);
  const roles = authStore.use((s) => s.roles);
  const isFeeRole = authStore.use((s) => s.isFeeRole);
  return useMemo(
    () => ({
      hasPermi: (value: PermissionValue) => checkPermission(permissions, value),
      hasRole: (value: PermissionValue) => checkRole(roles, value),
      isFeeRole,
    }),
    [permissions, roles, isFeeRole],
  );
}

/** Outside React (route building). */
export const hasPermiNow = (value: PermissionValue) => checkPermission(authStore.get().permissions, value);
export const hasRoleNow = (value: PermissionValue) => checkRole(authStore.get().roles, value);
