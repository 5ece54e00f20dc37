import { PayinfoFormPage } from './finance';

export default function PayinfoAddRoute() {
  return <PayinfoFormPage />;
}
