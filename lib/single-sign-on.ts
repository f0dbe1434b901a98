// Single sign-on through an OpenID provider: the group mapping's format and the sign-in page's errors.
// A leaf, shared by the server (env checks, sign-in) and the sign-in page.

/** next-auth's id of the provider: its paths are /api/auth/signin/oidc and /api/auth/callback/oidc. */
export const OIDC_PROVIDER_ID = 'oidc';

/** Claim values to the codes of the groups they give, in the order the mapping names them. */
export type GroupMapping = ReadonlyMap<string, readonly string[]>;

const GROUP_CODE = /^[A-Z][A-Z0-9_]*$/;

/**
 * OIDC_GROUP_MAPPING: `claimValue=GROUP_CODE` pairs separated by commas (`bpm-admins=ADMINS,bpm-ops=OPS`;
 * a value may name several groups by appearing again), or a JSON object for values holding `,` or `=`
 * (`{"/acme/bpm admins": ["ADMINS"]}`, a code or an array of codes per value). Answers the mapping, or a
 * sentence saying what is wrong.
 */
export function parseGroupMapping(text: string): GroupMapping | string {
  const mapping = new Map<string, string[]>();
  const add = (value: string, code: unknown): string | null => {
    if (typeof code !== 'string' || !GROUP_CODE.test(code))
      return `OIDC_GROUP_MAPPING: ${JSON.stringify(code)} is not a group code (A-Z, 0-9 and _)`;
    if (value === '') return 'OIDC_GROUP_MAPPING: a claim value is empty';
    const codes = mapping.get(value) ?? [];
    if (!codes.includes(code)) codes.push(code);
    mapping.set(value, codes);
    return null;
  };
  const trimmed = text.trim();
  if (trimmed === '') return mapping;
  if (trimmed.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      return 'OIDC_GROUP_MAPPING: not valid JSON';
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      return 'OIDC_GROUP_MAPPING: the JSON must be an object of claim values';
    for (const [value, codes] of Object.entries(parsed)) {
      for (const code of Array.isArray(codes) ? codes : [codes]) {
        const problem = add(value, code);
        if (problem) return problem;
      }
    }
    return mapping;
  }
  for (const pair of trimmed.split(',')) {
    const at = pair.lastIndexOf('=');
    if (at < 0) return `OIDC_GROUP_MAPPING: ${JSON.stringify(pair.trim())} is not claimValue=GROUP_CODE`;
    const problem = add(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    if (problem) return problem;
  }
  return mapping;
}

/** Why a single sign-on was refused after the provider's answer was checked: the sign-in page's `error`. */
export const SSO_REFUSALS = {
  /** The ID token lacks a usable username, or its groups claim is neither a string nor strings. */
  OidcClaimsInvalid:
    'The identity provider did not send a usable username or group list. Ask your administrator to check the single sign-on settings.',
  /** The username is a local account's or a service account's: never linked by name. */
  OidcNameTaken:
    'Your username at the identity provider is already taken by an account here. Ask your administrator.',
  OidcDisabled: 'Your account is disabled.',
  /** The mapping would take ACCESS_BPM_ADMIN from the last administrator. */
  OidcLastAdmin:
    'Signing in would remove the last administrator (your groups at the identity provider changed). Ask another administrator.',
} as const;

export type SsoRefusal = keyof typeof SSO_REFUSALS;

/** The sign-in page's words for next-auth's own errors of an OAuth sign-in, and for our refusals. */
export function ssoErrorMessage(error: string): string | null {
  if (error in SSO_REFUSALS) return SSO_REFUSALS[error as SsoRefusal];
  // Building the redirect to the provider failed: its discovery document could not be read in time.
  if (error === 'OAuthSignin')
    return 'The identity provider could not be reached. Try again later, or sign in with a password.';
  // The callback failed its checks (state, PKCE, the ID token) or its token request failed.
  if (error === 'OAuthCallback' || error === 'Callback' || error === 'OAuthCreateAccount')
    return 'Single sign-on did not complete: the answer from the identity provider was refused, or the provider could not be reached. Please sign in again.';
  if (error === 'AccessDenied') return 'Single sign-on was refused.';
  return null;
}
