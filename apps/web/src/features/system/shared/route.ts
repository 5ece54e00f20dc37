import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';

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
