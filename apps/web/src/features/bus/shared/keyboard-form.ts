import type { FormInstance } from 'antd';
import type { KeyboardEvent } from 'react';
import { textField } from '../../../components/ScanBox';
import { useSaving } from './use-saving';

/**
 * The saving of a keyboard-first dialog (Receive, Load: clerks type and scan, Enter saves): `validate` answers the
 * values, or null after putting the focus on the first field in error; `save` runs one call at a time (`saving`
 * spins the OK button; a failure was shown by the request layer and the dialog stays); `submitOnEnter` makes Enter
 * in a text or number field submit (selects and date pickers keep Enter for their own lists).
 */
export function useKeyboardForm<Values>(form: FormInstance<Values>) {
  const { saving, isSaving, save } = useSaving();

  const validate = async (): Promise<Values | null> => {
    try {
      return await form.validateFields();
    } catch (error) {
      const first = (error as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0]?.name;
      if (first) form.focusField(first);
      return null;
    }
  };

  const submitOnEnter = (submit: () => Promise<void>) => (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing || e.defaultPrevented) return;
    const field = textField(e.target);
    if (!field || field.closest('.ant-select, .ant-picker')) return;
    e.preventDefault();
    void submit();
  };

  return { saving, isSaving, validate, save, submitOnEnter };
}
