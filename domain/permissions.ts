// The permission catalogue. Any other code in a request is a 400.
export const PERMISSIONS = {
  ACCESS_BPM_ADMIN: 'Administer users, groups and permissions, and handle incidents',
  ACCESS_PROCESS_PORTAL: 'Use the process portal',
  ACCESS_BPM_MODELER: 'Use the process modeler',
  ACCESS_ENGINE_API: 'Report incidents and run service tasks (process engines and workers)',
} as const;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_CODES = Object.keys(PERMISSIONS).sort() as [Permission, ...Permission[]];
export const ADMIN_PERMISSION: Permission = 'ACCESS_BPM_ADMIN';
