// The console's server components call the admin API's procedures in-process, as the signed-in user: the
// same authentication, permission and scope rules as over HTTP, and the same services behind them, instead
// of checking a permission by hand and calling a service.
import { randomUUID } from 'node:crypto';
import { getProcessDatabase } from '../../db/client';
import { getConsolePrincipal } from '../auth/console-session';
import { adminRouter } from '../routers/admin';
import { notificationSettings } from '../runtime/notification-settings';
import { createCallerFactory, type Context } from './trpc';

const createAdminCaller = createCallerFactory(adminRouter);

// The admin procedures never wake long-polling workers, and the console's process has no dispatcher of
// its own (server/http.ts starts it): any use is a mistake, said loudly.
const noDispatcher = new Proxy({} as Context['dispatcher'], {
  get() {
    throw new Error('The console server caller has no worker dispatcher');
  },
});

export async function adminCaller() {
  const [{ db }, principal] = await Promise.all([getProcessDatabase(), getConsolePrincipal()]);
  return createAdminCaller({
    db,
    principal,
    dispatcher: noDispatcher,
    requestId: randomUUID(),
    notifications: notificationSettings(),
  });
}
