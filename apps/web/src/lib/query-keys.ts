/**
 * Query keys come from one factory per module, so that a mutation can invalidate every list of a module
 * without knowing their filters (ARCHITECTURE §4.8):
 *
 *   export const inwareKeys = createQueryKeys('bus/inware');
 *   useQuery({ queryKey: inwareKeys.list(filters), ... });
 *   useQuery({ queryKey: inwareKeys.detail(id), ... });
 *   queryClient.invalidateQueries({ queryKey: inwareKeys.lists() });  // after any state change
 *
 * Keys are arrays that start with the module scope: `['bus/inware', 'list', {filters}]`.
 */
export interface QueryKeys<Scope extends string> {
  all: readonly [Scope];
  lists: () => readonly [Scope, 'list'];
  list: (params?: object) => readonly [Scope, 'list', object];
  details: () => readonly [Scope, 'detail'];
  detail: (id: string | number) => readonly [Scope, 'detail', string];
  /** Any other query of the module: `keys.custom('stat', params)`. */
  custom: (name: string, ...parts: unknown[]) => readonly unknown[];
}

export function createQueryKeys<const Scope extends string>(scope: Scope): QueryKeys<Scope> {
  const all = [scope] as const;
  return {
    all,
    lists: () => [scope, 'list'] as const,
    list: (params = {}) => [scope, 'list', params] as const,
    details: () => [scope, 'detail'] as const,
    detail: (id) => [scope, 'detail', String(id)] as const,
    custom: (name, ...parts) => [scope, name, ...parts],
  };
}

/** Shell-wide keys. */
export const shellKeys = {
  userInfo: ['shell', 'getInfo'] as const,
  routers: ['shell', 'getRouters'] as const,
  captcha: ['shell', 'captcha'] as const,
  profile: ['shell', 'profile'] as const,
  dict: (dictType: string) => ['dict', dictType] as const,
  deptTree: ['shell', 'deptTree'] as const,
};
