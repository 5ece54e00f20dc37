import type { ReactNode } from 'react';
import { type PermissionValue, usePermission } from '../lib/permission';

/**
 * Renders its children only for users with the permission (`perm`, any of a list) or the role (`role`).
 * `*:*:*` passes every permission, `admin` every role. Without a value it throws (spec §5).
 *
 *   <Auth perm="bus:orderAdd:add"><Button>Add</Button></Auth>
 *   <Auth role={['admin', 'finance']}>...</Auth>
 */
export function Auth(props: {
  perm?: PermissionValue;
  role?: PermissionValue;
  fallback?: ReactNode;
  children: ReactNode;
}) {
  const { hasPermi, hasRole } = usePermission();
  if (props.perm === undefined && props.role === undefined) {
    throw new Error('<Auth> needs perm="..." or role="..."');
  }
  const allowed =
    (props.perm === undefined || hasPermi(props.perm)) && (props.role === undefined || hasRole(props.role));
  return <>{allowed ? props.children : (props.fallback ?? null)}</>;
}
