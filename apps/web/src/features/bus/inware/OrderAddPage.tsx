import { OrderFormPage } from './OrderFormPage';

/** orderAdd (screens §3): a new order; `?copy={id}` starts from another order without its numbers. */
export default function OrderAddPage() {
  return <OrderFormPage mode="add" />;
}
