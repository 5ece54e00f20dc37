import type { ReactNode } from 'react';
import { type PermissionValue, usePermission } from '../lib/permission';

/**
 * Renders its children only for users with the permission (`perm`, any of a list) or the role
 * (`roleKey`, RuoYi's name for a role's key; any of a list). `*:*:*` passes every permission, `admin`
 * every role. Without a value it throws (spec §5), so a forgotten key fails loudly in development.
 *
 *   <Auth perm="bus:orderAdd:add"><Button>Add</Button></Auth>
 *   <Auth roleKey={['admin', 'finance']}>...</Auth>
 */
export interface AuthProps {
  perm?: PermissionValue;
  roleKey?: PermissionValue;
  /** Shown instead of the children when the check fails (default: nothing). */
  fallback?: ReactNode;
  children: ReactNode;
}

export function Auth({ perm, roleKey, fallback = null, children }: AuthProps) {
  const { hasPermi, hasRole } = usePermission();
  if (perm === undefined && roleKey === undefined) throw new Error('<Auth> needs perm="..." or roleKey="..."');
  const allowed = (perm === undefined || hasPermi(perm)) && (roleKey === undefined || hasRole(roleKey));
  return <>{allowed ? children : fallback}</>;
}
