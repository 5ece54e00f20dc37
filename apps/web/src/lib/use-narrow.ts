import { useEffect, useState } from 'react';

/** True below `width` px (pager count 5 instead of 7, collapsed menu). */
export function useNarrow(width = 768) {
  const [narrow, setNarrow] = useState(() => typeof window !== 'undefined' && window.innerWidth < width);
  useEffect(() => {
    const onResize = () => setNarrow(window.innerWidth < width);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [width]);
  return narrow;
}
