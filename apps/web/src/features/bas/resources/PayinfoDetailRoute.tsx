import { PayinfoDetailPage } from './finance';

export default function PayinfoDetailRoute() {
  return <PayinfoDetailPage />;
}
