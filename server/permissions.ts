// The permission catalogue lives in the domain vocabulary (domain/permissions.ts).
export { ADMIN_PERMISSION, PERMISSION_CODES, PERMISSIONS, type Permission } from '../domain/permissions';
