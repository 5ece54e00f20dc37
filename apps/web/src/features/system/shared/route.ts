import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { closeTag, tagKey } from '../../../app/layout/tags-store';

/**
 * A route id that must be digits (spec §5: userId, roleId and dictId): the number, or a redirect to /404.
 */
export function useDigitsParam(name: string): number | undefined {
  const params = useParams();
  const navigate = useNavigate();
  const raw = params[name] ?? '';
  const valid = /^\d{1,15}$/.test(raw) && Number(raw) > 0;
  useEffect(() => {
    if (!valid) navigate('/404', { replace: true });
  }, [valid, navigate]);
  return valid ? Number(raw) : undefined;
}

/**
 * Leaving a hidden system page (assign roles/users, dictionary data): its tab is closed and `to` opens, after
 * refetching `invalidate` keys so the list shows the change.
 */
export function useLeavePage() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  return useCallback(
    async (to: string, invalidate: readonly (readonly unknown[])[] = []) => {
      await Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      const key = tagKey(location.pathname, location.search);
      closeTag(key, key);
      navigate(to);
    },
    [navigate, location.pathname, location.search, queryClient],
  );
}
