import { API_BASE } from '../../lib/request';

/** The user's avatar as an <img> src: absolute URLs and data URIs as they are, server paths under /prod-api. */
export function avatarUrl(avatar: string | null | undefined): string | undefined {
  if (!avatar) return undefined;
  if (/^(https?:|data:|blob:)/.test(avatar) || avatar.startsWith(API_BASE)) return avatar;
  return `${API_BASE}${avatar.startsWith('/') ? '' : '/'}${avatar}`;
}
