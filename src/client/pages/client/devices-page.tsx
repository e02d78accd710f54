import { ClientArea } from './common/client-area.tsx';
import { MyDevices } from './devices/my-devices.tsx';

/** « Mes appareils » (/client/appareils): the devices the plan covers, what each waits for, the proofs asked. */
export function DevicesPage() {
  return (
    <ClientArea>
      {() => (
        <div className="mx-auto max-w-5xl px-4 py-5 sm:py-8">
          <MyDevices />
        </div>
      )}
    </ClientArea>
  );
}
