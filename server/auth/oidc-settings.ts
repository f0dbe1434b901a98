// Single sign-on's settings, read once from the environment (OIDC_*): null when it is not configured, and
// then the console has no SSO button and behaves as it did without it.
import { parseGroupMapping, type GroupMapping } from '../../lib/single-sign-on';
import { getEnv } from '../runtime/env';

export interface OidcSettings {
  /** The issuer as configured; its discovery document is at <issuer>/.well-known/openid-configuration. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Space-separated, `openid` among them. */
  scopes: string;
  groupsClaim: string;
  usernameClaim: string;
  groupMapping: GroupMapping;
  displayName: string;
  timeoutMs: number;
}

export function getOidcSettings(): OidcSettings | null {
  const env = getEnv();
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET) return null;
  const scopes = env.OIDC_SCOPES.split(/\s+/).filter(Boolean);
  const mapping = parseGroupMapping(env.OIDC_GROUP_MAPPING);
  // getEnv has refused a malformed mapping already.
  if (typeof mapping === 'string') throw new Error(mapping);
  return {
    issuer: env.OIDC_ISSUER,
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET,
    scopes: [...new Set(['openid', ...scopes])].join(' '),
    groupsClaim: env.OIDC_GROUPS_CLAIM,
    usernameClaim: env.OIDC_USERNAME_CLAIM,
    groupMapping: mapping,
    displayName: env.OIDC_DISPLAY_NAME,
    timeoutMs: env.OIDC_TIMEOUT_MS,
  };
}
