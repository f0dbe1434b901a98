// Plain constants shared by playwright.config.ts and the tests (no Playwright imports here).
export const PORT = Number(process.env.E2E_PORT || 3210);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
/** The e2e server's own embedded database, one per port; e2e/run.sh deletes it before every run. */
export const DATA_DIR = `.data-e2e-${PORT}`;
export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'e2e-Admin-Passw0rd!';
/** A fixed signing secret, for the e2e server only. */
export const AUTH_SECRET = 'e2e-only-auth-secret-0123456789abcdef';
/** The test's own OpenID provider (e2e/single-sign-on.spec.ts starts it), on the port after the server's. */
export const IDP_PORT = PORT + 1;
export const IDP_ISSUER = `http://127.0.0.1:${IDP_PORT}`;
export const OIDC_CLIENT_ID = 'bpm-console-e2e';
export const OIDC_CLIENT_SECRET = 'e2e-only-oidc-client-secret';

/** What the servers under test are told of that provider (the suite's, and e2e/single-sign-on.spec.ts's own). */
export const OIDC_SERVER_ENV = {
  OIDC_ISSUER: IDP_ISSUER,
  OIDC_CLIENT_ID,
  OIDC_CLIENT_SECRET,
  OIDC_SCOPES: 'openid profile groups',
  OIDC_GROUP_MAPPING: 'bpm-admins=SSO_ADMINS,bpm-ops=SSO_OPS',
  OIDC_DISPLAY_NAME: 'the test provider',
  // A provider that does not answer is an error on the sign-in page after this long.
  OIDC_TIMEOUT_MS: '2000',
};
