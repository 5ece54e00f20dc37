import type { ReactNode } from 'react';
import './form-footer.css';

/**
 * The actions of a long page form (Save, Back, ...), kept in view at the bottom of the page area while the form
 * is on screen (issue 10 item 12): sticky at the bottom of the layout's scroll container, over the page's own
 * content (fixed table columns), under the header, the tab strip and the overlays. Put it after the <Form>, as
 * the page card's last child:
 *
 *   <Card title={t('menu_custom_edit')}>
 *     <Form form={form}>...</Form>
 *     <FormFooter data-testid="bas-form-footer">
 *       <Button type="primary" onClick={save}>{t('save')}</Button>
 *       <Button onClick={back}>{t('back')}</Button>
 *     </FormFooter>
 *   </Card>
 *
 * The buttons stay outside the <form> element (antd buttons are type="button"), so Enter in a field does what it
 * did before.
 */
export function FormFooter({ children, 'data-testid': testId }: { children: ReactNode; 'data-testid'?: string }) {
  return (
    <div className="form-footer" data-testid={testId}>
      {children}
    </div>
  );
}
