// Exports from the console (docs/contract.md §6 and §5, "Export"; §10, "Downloads"): the board's
// "Export CSV" downloads the incidents of its current filter, hostile text neutralised; the audit log's
// buttons download its records as CSV or NDJSON, filters applied. The browser downloads them itself from a
// same-origin link, with its session cookie. Each journey at desktop and phone width (on a phone the board's
// export is behind its Filters button).
import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { ADMIN_USERNAME, DESKTOP_AND_PHONE, expect, expectAxeClean, shot, test } from './support';
import { IncidentApi, boardRow, signInAsAdmin, uniqueTag } from './incident-support';

/** The download a click on the link named `name` starts, and its text. */
async function download(page: Page, name: string): Promise<{ file: Download; text: string }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name, exact: true }).click(),
  ]);
  expect(await file.failure()).toBeNull();
  return { file, text: await readFile((await file.path())!, 'utf8') };
}

for (const { name: width, viewport } of DESKTOP_AND_PHONE) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the board exports the incidents of its current filter as CSV', async ({ page, request }) => {
      const api = await IncidentApi.signIn(request);
      const tag = uniqueTag('export');
      const critical = await api.report({
        message: `=HYPERLINK("http://evil.example") ${tag}`,
        severity: 'CRITICAL',
      });
      const other = await api.report({ message: `Card issuer, slow ${tag}`, severity: 'CRITICAL' });
      const high = await api.report({ message: `Not critical ${tag}`, severity: 'HIGH' });

      await signInAsAdmin(page, `/incidents?q=${tag}&severity=CRITICAL`);
      await expect(boardRow(page, critical.id)).toBeVisible();
      await expect(boardRow(page, high.id)).toHaveCount(0);
      // On a phone the export is with the other filters, behind one button.
      if (width === 'phone') await page.getByRole('button', { name: /^Filters/ }).click();
      await expect(page.getByRole('link', { name: 'Export CSV', exact: true })).toBeInViewport();
      await expectAxeClean(page);
      await shot(page, `export-01-board-${width}`, { fullPage: false });

      const { file, text } = await download(page, 'Export CSV');
      expect(file.suggestedFilename()).toMatch(/^incidents-\d{8}-\d{6}Z\.csv$/);
      const lines = text.split('\r\n');
      expect(lines[0]).toMatch(/^id,status,severity,source,processInstanceId,nodeId,message,/);
      expect(lines.at(-1)).toBe('');
      // The filter of the board: the two critical ones, newest first; the formula shown as text.
      expect(lines.slice(1, -1).map((line) => Number(line.split(',')[0]))).toEqual([other.id, critical.id]);
      expect(text).toContain(`"'=HYPERLINK(""http://evil.example"") ${tag}"`);
      expect(text).toContain(`"Card issuer, slow ${tag}"`);
      expect(text).not.toContain(`Not critical ${tag}`);
    });

    test('the audit log exports its records as CSV and NDJSON, filters applied', async ({ page }) => {
      // Other tests sign in meanwhile (other users, and the administrator again): the filter names the actor
      // too, and the second download may hold sign-ins made after the first.
      await signInAsAdmin(page, `/admin/audit?action=auth.sign_in&actor=${ADMIN_USERNAME}`);
      await expect(page.getByRole('link', { name: 'Export CSV', exact: true })).toBeVisible();
      await page.getByRole('link', { name: 'Export NDJSON', exact: true }).scrollIntoViewIfNeeded();
      await expect(page.getByRole('link', { name: 'Export NDJSON', exact: true })).toBeInViewport();
      await expectAxeClean(page);
      await shot(page, `export-02-audit-${width}`, { fullPage: false });

      const csv = await download(page, 'Export CSV');
      expect(csv.file.suggestedFilename()).toMatch(/^audit-events-\d{8}-\d{6}Z\.csv$/);
      const [header, ...rows] = csv.text.trimEnd().split('\r\n');
      expect(header).toBe('id,createdAt,actor,action,targetType,targetId,targetPath,before,after');
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.split(',').slice(2, 4)).toEqual([ADMIN_USERNAME, 'auth.sign_in']);

      const ndjson = await download(page, 'Export NDJSON');
      expect(ndjson.file.suggestedFilename()).toMatch(/^audit-events-\d{8}-\d{6}Z\.ndjson$/);
      const records = ndjson.text
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line));
      for (const record of records) {
        expect(record).toMatchObject({ action: 'auth.sign_in', actor: ADMIN_USERNAME });
      }
      const csvIds = rows.map((row) => Number(row.split(',')[0]));
      expect(records.map((record) => record.id)).toEqual(expect.arrayContaining(csvIds));
    });
  });
}
