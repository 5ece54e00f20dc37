import { PayinfoListPage } from './finance';

export default function PayinfoListRoute() {
  return <PayinfoListPage />;
}
