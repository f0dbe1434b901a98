// How a group's members are written in audit records: their usernames.
import type { UserView } from '../../schemas/admin';

export const usernamesOf = (members: UserView[]) => members.map((u) => u.username);
