// The ownership rules' matching and specificity, and the OWNERS text (domain/ownership.ts): no database.
import { describe, expect, it } from 'vitest';
import {
  formatOwners,
  globProblem,
  OwnershipMatcher,
  parseOwners,
  type OwnershipFacts,
  type OwnershipRule,
} from '../../../domain/ownership';

const facts = (over: Partial<OwnershipFacts> = {}): OwnershipFacts => ({
  source: 'WORKER',
  processDefinition: 'order-fulfilment',
  nodeId: 'charge-card',
  topic: 'payments/charge',
  incidentGroup: 'WORKER:17:charge-card',
  ...over,
});

describe('ownership rules: matching', () => {
  it('matches every given field by glob, and a rule with a field the incident lacks does not match', () => {
    const m = new OwnershipMatcher([{ team: 'PAY', topic: 'payments/*', processDefinition: 'order-*' }]);
    expect(m.ownerOf(facts())).toBe('PAY');
    expect(m.ownerOf(facts({ topic: 'shipping/label' }))).toBeNull();
    expect(m.ownerOf(facts({ topic: null }))).toBeNull();
    expect(m.ownerOf(facts({ processDefinition: null }))).toBeNull();
  });

  it('a single * crosses / and a leading dot, ? is one character, {a,b} alternatives, [..] classes', () => {
    expect(new OwnershipMatcher([{ team: 'A', topic: '*' }]).ownerOf(facts({ topic: 'a/b/.c' }))).toBe('A');
    const m = new OwnershipMatcher([
      { team: 'A', nodeId: 'task-?' },
      { team: 'B', nodeId: '{x,y}-[0-9]' },
    ]);
    expect(m.ownerOf(facts({ nodeId: 'task-1' }))).toBe('A');
    expect(m.ownerOf(facts({ nodeId: 'task-12' }))).toBeNull();
    expect(m.ownerOf(facts({ nodeId: 'y-7' }))).toBe('B');
    expect(m.ownerOf(facts({ nodeId: 'z-7' }))).toBeNull();
  });

  it('is exact about case and the whole value', () => {
    const m = new OwnershipMatcher([{ team: 'A', source: 'WORKER' }]);
    expect(m.ownerOf(facts({ source: 'worker' }))).toBeNull();
    expect(m.ownerOf(facts({ source: 'WORKERS' }))).toBeNull();
  });

  it('the rule with more fields wins, whatever its place', () => {
    const rules: OwnershipRule[] = [
      { team: 'BROAD', source: 'WORKER' },
      { team: 'NARROW', source: '*', nodeId: '*' },
    ];
    expect(new OwnershipMatcher(rules).ownerOf(facts())).toBe('NARROW');
    expect(new OwnershipMatcher([...rules].reverse()).ownerOf(facts())).toBe('NARROW');
  });

  it('among as many fields, the most literal characters win; then the first in the set', () => {
    const literal = new OwnershipMatcher([
      { team: 'SHORT', nodeId: 'charge-*' },
      { team: 'LONG', nodeId: 'charge-ca*' },
    ]);
    expect(literal.ownerOf(facts())).toBe('LONG');
    // Both match charge-card with 7 literal characters each: the first in the set wins.
    const a = { team: 'FIRST', nodeId: 'charge-*' };
    const b = { team: 'SECOND', nodeId: 'ch*-card' };
    expect(new OwnershipMatcher([a, b]).ownerOf(facts())).toBe('FIRST');
    expect(new OwnershipMatcher([b, a]).ownerOf(facts())).toBe('SECOND');
  });

  it('matches the incident group key and the source', () => {
    const m = new OwnershipMatcher([{ team: 'G', incidentGroup: 'WORKER:*:charge-*' }]);
    expect(m.ownerOf(facts())).toBe('G');
    expect(m.ownerOf(facts({ incidentGroup: 'MESSAGE:17:charge-card' }))).toBeNull();
  });

  it('no rules: nobody owns anything', () => {
    expect(new OwnershipMatcher([]).ownerOf(facts())).toBeNull();
  });
});

describe('ownership rules: globs and the OWNERS text', () => {
  it('refuses empty, blank-holding, overlong and malformed globs', () => {
    expect(globProblem('')).toMatch(/empty/);
    expect(globProblem('a b')).toMatch(/white space/);
    expect(globProblem('x'.repeat(201))).toMatch(/200/);
    expect(globProblem('charge-*')).toBeNull();
  });

  it('reads rules, comments and blank lines, and writes back what it reads', () => {
    const text = [
      '# payments own their topics',
      'topic=payments/* @PAYMENTS',
      '',
      'source=WORKER process=order-* node=charge-* @BILLING  # the narrower one',
      'group=MESSAGE:*:* @SUPPORT',
    ].join('\n');
    const parsed = parseOwners(text);
    expect(parsed).toEqual({
      rules: [
        { team: 'PAYMENTS', topic: 'payments/*' },
        { team: 'BILLING', source: 'WORKER', processDefinition: 'order-*', nodeId: 'charge-*' },
        { team: 'SUPPORT', incidentGroup: 'MESSAGE:*:*' },
      ],
    });
    const rules = (parsed as { rules: OwnershipRule[] }).rules;
    expect(formatOwners(rules)).toBe(
      'topic=payments/* @PAYMENTS\nsource=WORKER process=order-* node=charge-* @BILLING\ngroup=MESSAGE:*:* @SUPPORT\n',
    );
    expect(parseOwners(formatOwners(rules))).toEqual({ rules });
  });

  it('names every bad line and why', () => {
    const parsed = parseOwners(
      ['topic=a @OK', 'topic=a', 'colour=red @X', '@ONLY', 'node=a node=b @X', 'node= @X'].join('\n'),
    );
    expect(parsed).toEqual({
      errors: [
        { line: 2, message: expect.stringMatching(/@code/) },
        { line: 3, message: expect.stringMatching(/not field=glob/) },
        { line: 4, message: expect.stringMatching(/names no field/) },
        { line: 5, message: 'node given twice' },
        { line: 6, message: 'node: must not be empty' },
      ],
    });
  });
});
