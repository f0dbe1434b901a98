// A process that logs through server/observability/log.ts in bursts, for log-batches.test.ts: `name` marks its lines, each
// about 1 KB, 100 to a turn of the event loop, `lines` in all; then it exits.
import { log } from '../../observability/log';

const [name = 'x', total = '2000'] = process.argv.slice(2);
const lines = Number(total);
const payload = name.repeat(1000);
let sent = 0;
function burst() {
  for (let i = 0; i < 100 && sent < lines; i++, sent++) log.info({ payload, n: sent }, name);
  if (sent < lines) setImmediate(burst);
}
burst();
