import { CurrateListPage } from './finance';

export default function CurrateListRoute() {
  return <CurrateListPage />;
}
