// The board's view and its one representation in the URL (board-view.ts).
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VIEW,
  UNRESOLVED,
  filterCount,
  listInputOf,
  parseView,
  searchOf,
  type BoardView,
} from './board-view';

const viewOf = (search: string) => parseView(new URLSearchParams(search));

describe('board view in the URL', () => {
  it('"unresolved" is status=OPEN,ACKNOWLEDGED, written with plain commas, and reads back', () => {
    const view: BoardView = { ...DEFAULT_VIEW, status: UNRESOLVED, severity: 'CRITICAL' };
    const search = searchOf(view);
    expect(search).toBe('?status=OPEN,ACKNOWLEDGED&severity=CRITICAL');
    expect(viewOf(search)).toEqual(view);
    expect(viewOf('?status=OPEN%2CACKNOWLEDGED').status).toBe(UNRESOLVED);
  });

  it('asks the API for both statuses', () => {
    expect(listInputOf({ ...DEFAULT_VIEW, status: UNRESOLVED }).status).toBe('OPEN,ACKNOWLEDGED');
  });

  it.each(['OPEN', 'ACKNOWLEDGED', 'RESOLVED'])('one status, %s, is kept as it is', (status) => {
    expect(viewOf(`?status=${status}`).status).toBe(status);
  });

  it.each(['ACKNOWLEDGED,OPEN', 'OPEN,RESOLVED', 'OPEN,', 'UNRESOLVED', 'open'])(
    'any other status value (%s) falls back to every status, keeping the rest',
    (status) => {
      const view = viewOf(`?status=${status}&severity=HIGH`);
      expect(view.status).toBeNull();
      expect(view.severity).toBe('HIGH');
    },
  );

  it('the sort is written with a plain comma too', () => {
    expect(searchOf({ ...DEFAULT_VIEW, sort: { field: 'id', direction: 'desc' } })).toBe('?sort=id,desc');
  });

  it('node, assignee and creation dates read back and go to the API; a date that is not one falls back', () => {
    const view: BoardView = {
      ...DEFAULT_VIEW,
      nodeId: 'Task_SendInvoice',
      assignee: 'alice',
      createdFrom: '2026-11-01',
      createdTo: '2026-11-21',
    };
    const search = searchOf(view);
    expect(search).toBe(
      '?nodeId=Task_SendInvoice&assignee=alice&createdFrom=2026-11-01&createdTo=2026-11-21',
    );
    expect(viewOf(search)).toEqual(view);
    expect(listInputOf(view)).toMatchObject({
      nodeId: 'Task_SendInvoice',
      assignee: 'alice',
      createdFrom: '2026-11-01',
      createdTo: '2026-11-21',
    });
    expect(viewOf('?createdFrom=yesterday&nodeId=n1')).toMatchObject({ createdFrom: '', nodeId: 'n1' });
  });

  it("the owner filter (a team's code, mine, none) reads back and goes to the API; anything else is no filter", () => {
    for (const owner of ['PAYMENTS', 'mine', 'none']) {
      const view: BoardView = { ...DEFAULT_VIEW, owner };
      expect(searchOf(view)).toBe(`?owner=${owner}`);
      expect(viewOf(searchOf(view))).toEqual(view);
      expect(listInputOf(view)).toMatchObject({ owner });
      expect(filterCount(view)).toBe(1);
    }
    expect(viewOf('?owner=payments').owner).toBe('');
    expect(listInputOf(DEFAULT_VIEW).owner).toBeUndefined();
  });

  it('the grouped board is view=groups, and reads back', () => {
    const view: BoardView = { ...DEFAULT_VIEW, grouped: true, q: 'Invoice' };
    expect(searchOf(view)).toBe('?q=Invoice&view=groups');
    expect(viewOf(searchOf(view))).toEqual(view);
    expect(viewOf('?view=rows').grouped).toBe(false);
  });
});
