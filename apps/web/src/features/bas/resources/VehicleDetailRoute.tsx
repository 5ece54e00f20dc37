import { VehicleDetailPage } from './drivers';

export default function VehicleDetailRoute() {
  return <VehicleDetailPage />;
}
