// A device's types (as registration and requests name them) and statuses, with their French labels.

export const REGISTRATION_DEVICE_TYPES = [
  'windows-pc',
  'windows-laptop',
  'mac-desktop',
  'macbook',
  'windows-tablet',
  'other',
] as const;
export type RegistrationDeviceType = (typeof REGISTRATION_DEVICE_TYPES)[number];
export const REGISTRATION_DEVICE_LABELS: Record<RegistrationDeviceType, string> = {
  'windows-pc': 'PC Windows',
  'windows-laptop': 'Ordinateur portable Windows',
  'mac-desktop': 'iMac / Mac Studio',
  macbook: 'MacBook (Air/Pro)',
  'windows-tablet': 'Tablette Windows',
  other: 'Autre (préciser dans la description)',
};

export const CLIENT_DEVICE_TYPES = ['pc_windows', 'mac', 'laptop', 'mobile', 'autre'] as const;
export type ClientDeviceType = (typeof CLIENT_DEVICE_TYPES)[number];
export const CLIENT_DEVICE_LABELS: Record<ClientDeviceType, string> = {
  pc_windows: 'PC Windows',
  mac: 'Mac',
  laptop: 'Ordinateur portable',
  mobile: 'Mobile/Tablette',
  autre: 'Autre',
};

/**
 * A covered device (docs/decisions/036): « À vérifier » until staff verify or refuse it, « Retiré » when the client
 * stops covering it. Retired and refused devices do not count against the plan's maxDevices.
 */
export const DEVICE_STATUSES = ['pending', 'verified', 'refused', 'retired'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];
export const DEVICE_STATUS_LABELS: Record<DeviceStatus, string> = {
  pending: 'À vérifier',
  verified: 'Vérifié',
  refused: 'Refusé',
  retired: 'Retiré',
};
/** The statuses that take a place in the plan (the cap counts them). */
export const DEVICE_IN_USE_STATUSES = ['pending', 'verified'] as const satisfies readonly DeviceStatus[];
export const isDeviceInUse = (d: { status: DeviceStatus }) =>
  (DEVICE_IN_USE_STATUSES as readonly DeviceStatus[]).includes(d.status);

/**
 * The intervention's older device field, from a device's registration type: requests keep showing a type wherever the
 * back-office and the mails already print one.
 */
export const CLIENT_DEVICE_OF: Record<RegistrationDeviceType, ClientDeviceType> = {
  'windows-pc': 'pc_windows',
  'windows-laptop': 'laptop',
  'mac-desktop': 'mac',
  macbook: 'mac',
  'windows-tablet': 'mobile',
  other: 'autre',
};
