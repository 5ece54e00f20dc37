import { DriverFormPage } from './drivers';

export default function DriverAddRoute() {
  return <DriverFormPage />;
}
