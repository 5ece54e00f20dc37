import { CurrateDetailPage } from './finance';

export default function CurrateDetailRoute() {
  return <CurrateDetailPage />;
}
