import { useRef, useState } from 'react';

/**
 * One save at a time for a dialog or form: `save(call)` runs the call while `saving` is true (the OK button spins)
 * and ignores a second save meanwhile; a failure was already shown by the request layer and leaves the screen as it
 * is (the dialog stays open). `isSaving()` answers at once, before React re-renders.
 */
export function useSaving() {
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);
  const save = async (call: () => Promise<unknown>) => {
    if (savingRef.current) return;
    savingRef.current = true;
    setSaving(true);
    try {
      await call();
    } catch {
      /* the server's message was shown */
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  };
  return { saving, isSaving: () => savingRef.current, save };
}
