import { Form, type FormInstance } from 'antd';
import { useEffect, useRef } from 'react';

/** What an action dialog tells its screen: it closed (Cancel, or after saving) and it saved (refresh the list). */
export interface TActionDialogEvents {
  onClose: () => void;
  onDone: () => unknown;
}

/**
 * The state of an ActionFormModal opened on a subject (the records it acts on; null while it is closed): its form,
 * whose fields take `initial(subject)` each time the subject changes to one, open while there is a subject, and the
 * screen's events. Spread it into the modal: `<ActionFormModal {...dialog} title=… width=… save=…>`.
 */
export function useActionDialog<Values, Subject>(
  subject: Subject | null,
  events: TActionDialogEvents,
  initial: (subject: Subject) => Parameters<FormInstance<Values>['setFieldsValue']>[0],
): TActionDialogEvents & { form: FormInstance<Values>; open: boolean } {
  const [form] = Form.useForm<Values>();
  const initialOf = useRef(initial);
  initialOf.current = initial;
  useEffect(() => {
    if (subject !== null) form.setFieldsValue(initialOf.current(subject));
  }, [subject, form]);
  return { form, open: subject !== null, onClose: events.onClose, onDone: events.onDone };
}
