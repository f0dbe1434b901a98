// A column type of its own module, so that the schema's modules that use it import no other table's module
// for it (admin.ts and incidents.ts import one another's tables otherwise).
import { customType } from 'drizzle-orm/pg-core';

/**
 * A PostgreSQL xid8 (a 64-bit transaction id), read and written as its decimal text: it outgrows a JS number.
 */
export const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });
