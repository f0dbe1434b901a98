// Reports that arrive together are written together (docs/contract.md §6, "Reports written together"):
// while a batch is being written, the reports that arrive wait, and go in the next one. A lone report is
// written at once, as before; in a storm, batches grow to what the database takes in the time of one, so
// that a thousand reports cost a few dozen transactions, not a thousand.
import type { Db } from '../../../db/client';
import { isDatabaseUnavailable } from '../../../db/availability';
import { countIncidentReport } from '../../observability/metrics';
import { MAX_REPORTS_PER_BATCH } from '../../schemas/incidents';
import { recordReports, type Report, type ReportResult } from './record-reports';
import type { RecordedReport, RepeatedReport } from './report-incident';

type Written = RecordedReport | RepeatedReport;

/** Batches of one process written at once: one fills while the other is written. */
const WRITERS = 2;

interface Waiting {
  report: Report;
  resolve: (written: Written) => void;
  reject: (error: unknown) => void;
}

class ReportBatches {
  private readonly waiting: Waiting[] = [];
  private writing = 0;

  constructor(private readonly db: Db) {}

  write(report: Report): Promise<Written> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ report, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    while (this.writing < WRITERS && this.waiting.length) {
      const batch = this.waiting.splice(0, MAX_REPORTS_PER_BATCH);
      this.writing++;
      void writeTogether(
        this.db,
        batch.map((w) => w.report),
      ).then((results) => {
        this.writing--;
        results.forEach((result, i) =>
          result instanceof Error ? batch[i].reject(result) : batch[i].resolve(result),
        );
        this.next();
      });
    }
  }
}

const batchesByDb = new WeakMap<Db, ReportBatches>();

/** The batches of the reports written to this database by this process. */
export function reportBatches(db: Db): ReportBatches {
  let batches = batchesByDb.get(db);
  if (!batches) batchesByDb.set(db, (batches = new ReportBatches(db)));
  return batches;
}

/**
 * Writes reports in one transaction and answers one result per report, in order: what became of it
 * (record-reports.ts), or why it was not stored. Each report is atomic: should the transaction fail for
 * anything but the database being unavailable (which every report would meet alike), each is written again
 * in a transaction of its own, so that one report's fault is its own answer and the others go in.
 */
export async function writeTogether(db: Db, reports: Report[]): Promise<ReportResult[]> {
  const results = await attempt(db, reports);
  if (!(results instanceof Error)) return results;
  if (reports.length === 1 || isDatabaseUnavailable(results)) return reports.map(() => results);
  const alone: ReportResult[] = [];
  for (const report of reports) {
    const result = await attempt(db, [report]);
    alone.push(result instanceof Error ? result : result[0]);
  }
  return alone;
}

async function attempt(db: Db, reports: Report[]): Promise<ReportResult[] | Error> {
  try {
    const results = await db.transaction((tx) => recordReports(tx, reports));
    results.forEach((result, i) => {
      if (!(result instanceof Error) && 'row' in result)
        countIncidentReport(reports[i].input.source, reports[i].input.severity);
    });
    return results;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}
