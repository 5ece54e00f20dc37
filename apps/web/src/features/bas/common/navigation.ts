import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { closeTag, tagKey } from '../../../app/layout/tags-store';

/**
 * Leaving a bas add/edit/details page: its tab is closed (so a later visit starts fresh) and the list opens;
 * `invalidate` query keys are refetched first so the list shows the change.
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
