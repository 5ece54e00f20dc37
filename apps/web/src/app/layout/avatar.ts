import { useQuery } from '@tanstack/react-query';
import { API_BASE, http } from '../../lib/request';

/**
 * The user's avatar as an <img> src. A stored avatar is a server path (`/file/download/{fileId}`), which answers
 * only with the session's token (issue 11 item 5: files are read as their records allow), so it is fetched with the
 * token and shown as a blob: URL (the app's Content-Security-Policy allows blob: images); data: and blob: sources
 * are used as they are. An external http(s) address is not shown: the policy loads images from this origin only.
 * Undefined while loading or when the file cannot be read, so the avatar shows its icon.
 */
export function useAvatarUrl(avatar: string | null | undefined): string | undefined {
  const inline = avatar && /^(data:|blob:)/.test(avatar) ? avatar : undefined;
  const stored = avatar && !inline && !/^https?:/.test(avatar) ? serverPath(avatar) : undefined;
  const { data } = useQuery({
    queryKey: ['avatar', stored],
    queryFn: async () => {
      const response = await http.get<Blob>(stored!, { responseType: 'blob', silent: true });
      return URL.createObjectURL(response.data);
    },
    enabled: Boolean(stored),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return inline ?? (stored ? data : undefined);
}

/** '/prod-api/file/download/x', 'file/download/x' -> '/file/download/x' (the request client adds /prod-api). */
function serverPath(avatar: string): string {
  const path = avatar.startsWith(API_BASE) ? avatar.slice(API_BASE.length) : avatar;
  return path.startsWith('/') ? path : `/${path}`;
}
