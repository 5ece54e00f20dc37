import { OrderFormPage } from './OrderFormPage';

/** orderEdit (screens §3, `?id=`): the order form with its values; S3 and later read-only. */
export default function OrderEditPage() {
  return <OrderFormPage mode="edit" />;
}
