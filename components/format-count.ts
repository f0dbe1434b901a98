// Counts as people read them, grouped by thousands ("60,097 incidents"), the same on every page.

const COUNT = new Intl.NumberFormat('en');

export function formatCount(n: number): string {
  return COUNT.format(n);
}
