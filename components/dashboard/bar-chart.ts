// The one chart the dashboard draws, in a module of its own so that incidents-chart.tsx can load it on
// demand (next/dynamic) with only BarChart and what it needs: importing '@mantine/charts' in the dynamic
// import itself would bring every chart type of the package (next.config.mjs optimizePackageImports rewrites
// this named import to BarChart's own module).
export { BarChart } from '@mantine/charts';
