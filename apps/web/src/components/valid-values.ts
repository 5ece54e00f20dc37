import type { FormInstance } from 'antd';

type ErrorField = { name: (string | number)[] };

/**
 * The form's values when every field is valid; otherwise undefined (antd shows each field's message beside it),
 * after `onInvalid` with the fields that failed (to scroll to the first).
 *
 *   const values = await validValues(form);
 *   if (!values) return;
 */
export async function validValues<Values>(
  form: FormInstance<Values>,
  onInvalid?: (errorFields: ErrorField[]) => void,
): Promise<Values | undefined> {
  try {
    return await form.validateFields();
  } catch (error) {
    onInvalid?.((error as { errorFields?: ErrorField[] }).errorFields ?? []);
    return undefined;
  }
}
