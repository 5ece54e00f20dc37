import { DriverDetailPage } from './drivers';

export default function DriverDetailRoute() {
  return <DriverDetailPage />;
}
