import { PayinfoFormPage } from './finance';

export default function PayinfoEditRoute() {
  return <PayinfoFormPage />;
}
