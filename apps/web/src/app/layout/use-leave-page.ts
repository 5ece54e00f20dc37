import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { closeTag, tagKey } from './tags-store';

/**
 * Leaving a page that has its own tab (a bas add/edit/details page, a hidden system page: assign roles/users,
 * dictionary data): its tab is closed (so a later visit starts fresh) and `to` opens, after refetching
 * `invalidate` query keys so the list shows the change.
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
