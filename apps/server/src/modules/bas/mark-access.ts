import { hasPermission } from '@theone/contracts';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../platform/errors';

/**
 * Who may act on a mark: customers and agents share the calls; the button keys of screens §5 decide per request
 * (agent rows need `bas:agentMark[:action]`, customer rows `bas:customMark[:action]`).
 */
export const CUSTOMER = 'bas:customMark';
export const AGENT = 'bas:agentMark';
export const EITHER = [CUSTOMER, AGENT] as const;

export type Action = '' | 'add' | 'edit' | 'info' | 'remove' | 'export';

function keyOf(isAgent: string, action: Action) {
  const base = isAgent === '1' ? AGENT : CUSTOMER;
  return action ? `${base}:${action}` : base;
}

export function can(req: FastifyRequest, isAgent: string, ...actions: Action[]) {
  return actions.some((a) => hasPermission(req.auth.permissions, keyOf(isAgent, a)));
}

export function need(req: FastifyRequest, isAgent: string, ...actions: Action[]) {
  if (!can(req, isAgent, ...actions)) throw forbidden();
}
