/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native, database, log and metrics packages are loaded by Node at run time, never bundled: the API server
  // (server/http.ts) and Next's routes must share one database handle, logger and metrics registry.
  serverExternalPackages: ['@electric-sql/pglite', 'postgres', '@node-rs/argon2', 'pino', 'prom-client'],
  // A separate build directory per concurrent build (NEXT_DIST_DIR), e.g. parallel e2e runs on one checkout.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // The dev server's own resources (hot reload) are served to these origins too, not only to localhost.
  allowedDevOrigins: ['127.0.0.1'],
  poweredByHeader: false,
  // npm test (scripts/test.sh) runs `npm run typecheck` before the build, over the same files and more: the
  // build then leaves the type check to it. Every other build checks types itself.
  typescript: { ignoreBuildErrors: process.env.NEXT_BUILD_SKIP_TYPECHECK === '1' },
  reactStrictMode: true,
  typedRoutes: false,
  // Import only the modules a page uses from these packages' barrel files (docs/performance.md, "The console").
  experimental: {
    optimizePackageImports: [
      '@mantine/core',
      '@mantine/hooks',
      '@mantine/dates',
      '@mantine/charts',
      '@mantine/notifications',
      '@mantine/form',
    ],
  },
};

export default nextConfig;
