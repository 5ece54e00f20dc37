import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { setTagTitle, tagKey } from './tags-store';

/** Names the calling page's tab, e.g. a details page with its waybill number: `useTabTitle(order?.transportId)`. */
export function useTabTitle(title: string | null | undefined) {
  const location = useLocation();
  const key = tagKey(location.pathname, location.search);
  useEffect(() => {
    setTagTitle(key, title || undefined);
  }, [key, title]);
}
