import { VehicleFormPage } from './drivers';

export default function VehicleAddRoute() {
  return <VehicleFormPage />;
}
