import { forwardRef, type SelectHTMLAttributes } from 'react';
import type { Device } from '#shared/devices/device-api.ts';
import { SelectField } from '#client/components/ui/field.tsx';
import { deviceName, inUse } from './device-api.ts';

/** The devices a request can name: those in use, the first covered one not waiting for a proof preselected. */
export const devicesForIntervention = (devices: Device[] | undefined) => (devices ?? []).filter(inUse);
export const preselectedDevice = (devices: Device[] | undefined) => {
  const usable = devicesForIntervention(devices);
  return (usable.find((d) => !d.blocked && d.covered) ?? usable[0])?.id;
};

type Props = SelectHTMLAttributes<HTMLSelectElement> & { devices: Device[]; error?: string };

/** « Appareil concerné » in both request forms. */
export const DevicePicker = forwardRef<HTMLSelectElement, Props>(function DevicePicker(
  { devices, error, ...props },
  ref,
) {
  const options = devicesForIntervention(devices).map((d) => ({
    value: String(d.id),
    label: !d.covered
      ? `${deviceName(d)} – hors formule`
      : d.blocked
        ? `${deviceName(d)} – justificatif attendu`
        : deviceName(d),
  }));
  return (
    <SelectField
      ref={ref}
      label="Appareil concerné"
      options={options}
      error={error}
      hint="Un autre appareil ? Ajoutez-le dans « Mes appareils »."
      {...props}
    />
  );
});
