import type { FormInstance } from 'antd';
import { type KeyboardEvent, useRef, useState } from 'react';
import { textField } from '../../../components/ScanBox';

/**
 * The saving of a keyboard-first dialog (Receive, Load: clerks type and scan, Enter saves): `validate` answers the
 * values, or null after putting the focus on the first field in error; `save` runs one call at a time (`saving`
 * spins the OK button; a failure was shown by the request layer and the dialog stays); `submitOnEnter` makes Enter
 * in a text or number field submit (selects and date pickers keep Enter for their own lists).
 */
export function useKeyboardForm<Values>(form: FormInstance<Values>) {
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);

  const validate = async (): Promise<Values | null> => {
    try {
      return await form.validateFields();
    } catch (error) {
      const first = (error as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0]?.name;
      if (first) form.focusField(first);
      return null;
    }
  };

  const save = async (call: () => Promise<unknown>) => {
    if (savingRef.current) return;
    savingRef.current = true;
    setSaving(true);
    try {
      await call();
    } catch {
      /* the server's message was shown; the dialog stays */
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  };

  const submitOnEnter = (submit: () => Promise<void>) => (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing || e.defaultPrevented) return;
    const field = textField(e.target);
    if (!field || field.closest('.ant-select, .ant-picker')) return;
    e.preventDefault();
    void submit();
  };

  return { saving, isSaving: () => savingRef.current, validate, save, submitOnEnter };
}
