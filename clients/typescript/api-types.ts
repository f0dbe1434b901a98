// Generated from GET /api/openapi.json by openapi-typescript: do not edit; run `npm run api:types`.
// Use with openapi-fetch: createClient<paths>({ baseUrl: "http://<host>:<port>/api" }).

export interface paths {
    "/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange username and password for a short-lived access token
         * @description Checks the username and password (throttled against guessing) and answers a bearer access token that expires after `expiresIn` seconds. An account with a second factor also sends `code` (a current TOTP code or a recovery code) in the same request: the right password without it is 401 SECOND_FACTOR_REQUIRED and yields nothing; a wrong or replayed code is 401 and counts toward the lock like a wrong password. An account with a passkey may send `passkey` instead: its assertion for a challenge from POST /tokens/passkey-challenge (refused, replayed or foreign: 401, counted the same). Scripts should use an API token instead.
         */
        post: operations["createToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tokens/passkey-challenge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A challenge for one of your passkeys to sign, for this sign-in: asked with the password
         * @description Checked, throttled and counted like POST /tokens (it tells whether the password is right): a wrong one is 401. Answers the options for navigator.credentials.get() over your passkeys, with a challenge that is bound to you, valid five minutes and accepted once; send its assertion as `passkey` with the password to POST /tokens (or the console's sign-in). The attempt counts toward the lock until that sign-in succeeds. An account without a passkey is 409.
         */
        post: operations["startPasskeySignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change your own password (required after an administrator set it with requireChange)
         * @description Checked and throttled like POST /tokens. The new password must differ from the current one. Every token and console session of the user ends; sign in again with the new password.
         */
        post: operations["changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your console sessions that work now
         * @description Lists your console sign-ins that have not ended or expired, the newest first: each by a public handle (never the secret its cookie carries), with its browser, address, sign-in and last request. `current` marks the session this request came with (none over a bearer token).
         */
        get: operations["listSessions"];
        put?: never;
        post?: never;
        /**
         * End all your console sessions but this one
         * @description Ends every console session of yours except the one this request came with, at once on every instance; over a bearer token (no session) it ends them all. Each is audited as `session.end`.
         */
        delete: operations["revokeOtherSessions"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * End one of your console sessions
         * @description Ends the session at once on every instance: its next request is 401 and its pages go to sign-in. Audited as `session.end`. A handle that names none of your live sessions is 404.
         */
        delete: operations["revokeSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/second-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether you have an authenticator app, and how many recovery codes are left
         * @description Whether an authenticator app is enrolled (and so asked for at sign-in), since when, and how many of the ten recovery codes are unused: those of your second factor as a whole, so a person with passkeys only has them too (GET /account/passkeys lists the passkeys).
         */
        get: operations["getSecondFactor"];
        put?: never;
        /**
         * Start enrolling an authenticator app (TOTP): a new secret, pending until confirmed
         * @description Only from a console session: a bearer token (API token or access token) is 403 CONSOLE_SESSION_REQUIRED, so over REST it is always refused. Answers a new secret in base32 and its otpauth:// URI (for a QR code). Nothing is asked at sign-in until POST /account/second-factor/confirm accepts a code from it; starting again replaces a pending secret.
         */
        post: operations["startTotpEnrolment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/second-factor/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Complete enrolment with a code from the app; answers ten recovery codes, shown only now
         * @description Only from a console session: a bearer token (API token or access token) is 403 CONSOLE_SESSION_REQUIRED, so over REST it is always refused. A code that is not the current one of the pending secret is 400 and changes nothing. With passkeys, send `proof` of one of them (or a recovery code): without it 400 on `proof`, a wrong one 400 counted toward the sign-in lock. From now on, sign-in asks for a code after the password. The ten recovery codes replace any you had (made with a passkey): only these work from now on. Audited as `user.second_factor_enrol`.
         */
        post: operations["confirmTotpEnrolment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/second-factor/remove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove your authenticator app, proven with a current code or a recovery code
         * @description A wrong code is 400 and counts toward the sign-in lock like a wrong password (429 while locked). The recovery codes stay while you have a passkey, and go with the app otherwise. Audited as `user.second_factor_remove`.
         */
        post: operations["removeSecondFactor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/passkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your passkeys
         * @description Each passkey you registered, the oldest first: its name, when it was registered and last used. Any one of them is a second factor: with one, sign-in asks for it (or a code) after the password.
         */
        get: operations["listPasskeys"];
        put?: never;
        /**
         * Keep a new passkey, from the browser's answer to the registration options
         * @description Only from a console session: a bearer token (API token or access token) is 403 CONSOLE_SESSION_REQUIRED, so over REST it is always refused. Verified here: it must answer a registration challenge issued to you (spent by this request whatever the outcome), from the console's origin and RP ID; else 400 on `response` and no passkey is kept. Attestation is not asked for (format `none`). With a second factor already (an app or a passkey), send `proof` of it: without it 400 on `proof` and nothing spent, a wrong one 400 counted toward the sign-in lock. From now on sign-in asks for a second factor. When it is your first second factor (no authenticator app, no other passkey), the answer holds ten recovery codes, shown only this once. Audited as `user.passkey_add`.
         */
        post: operations["registerPasskey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/passkeys/registration": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Options to make a new passkey (navigator.credentials.create), with a single-use challenge
         * @description Only from a console session: a bearer token (API token or access token) is 403 CONSOLE_SESSION_REQUIRED, so over REST it is always refused. The relying party is the console (its public URL's host as the RP ID); the challenge is bound to you, valid five minutes and accepted once by POST /account/passkeys. Your passkeys are excluded, so one authenticator is not registered twice.
         */
        post: operations["startPasskeyRegistration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/passkeys/challenge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A challenge for one of your passkeys to sign, to prove a current second factor
         * @description Options for navigator.credentials.get() over your passkeys, with a challenge bound to you, valid five minutes and accepted once: its assertion is the `passkey` of POST /account/passkeys/{id}/remove and of POST /account/recovery-codes.
         */
        post: operations["startPasskeyProof"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/passkeys/{id}/remove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove one of your passkeys, proven with a current second factor
         * @description Send exactly one of `code` (a current code from your authenticator app, or a recovery code) and `passkey` (an assertion of any of your passkeys for a challenge from POST /account/passkeys/challenge). A wrong proof is 400 and counts toward the sign-in lock like a wrong password (429 while locked). A passkey that is not yours is 404. Removing your last passkey when you have no authenticator app removes your recovery codes too. Audited as `user.passkey_remove`.
         */
        post: operations["removePasskey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/recovery-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ten new recovery codes in place of yours, proven with a current second factor
         * @description Only from a console session: a bearer token (API token or access token) is 403 CONSOLE_SESSION_REQUIRED, so over REST it is always refused. Send exactly one of `code` (a current code from your authenticator app, or a recovery code) and `passkey` (an assertion of any of your passkeys for a challenge from POST /account/passkeys/challenge). Answers ten new codes, shown only this once; the old ones no longer work. A wrong proof is 400 and counts toward the sign-in lock like a wrong password (429 while locked); without a second factor, 409. Audited as `user.recovery_codes_regenerate`.
         */
        post: operations["regenerateRecoveryCodes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/permissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The permission catalogue
         * @description Lists every permission code the service knows, with what it allows; these are the codes that groups and users are given.
         */
        get: operations["listPermissions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List groups, ordered by id
         * @description Lists every group with its permission codes and member count, ordered by id; `q` keeps those whose code or name contains it.
         */
        get: operations["listGroups"];
        put?: never;
        /**
         * Create a group
         * @description Creates a group with a unique code (case-insensitive) and answers it.
         */
        post: operations["createGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/groups/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update a group (omitted fields keep their value)
         * @description Changes the name and permission codes of a group; a field left out keeps its value, and the code never changes.
         */
        put: operations["updateGroup"];
        post?: never;
        /**
         * Delete a group and its memberships
         * @description Deletes a group; its members lose its permissions, unless that would leave no enabled administrator (409 LAST_ADMIN).
         */
        delete: operations["deleteGroup"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/groups/{id}/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Members of a group
         * @description Lists the users who belong to a group, ordered by id.
         */
        get: operations["getGroupUsers"];
        /**
         * Replace the members of a group
         * @description Replaces the members of a group with exactly the users named and answers the new members.
         */
        put: operations["updateGroupUsers"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List users, ordered by id
         * @description Lists every user with groups and permissions, ordered by id; `q` keeps those whose username contains it.
         */
        get: operations["listUsers"];
        put?: never;
        /**
         * Create a user
         * @description Creates a user with a unique username (case-insensitive), groups and direct permissions, and answers it.
         */
        post: operations["createUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One user
         * @description Answers one user, with effective permissions and whether sign-in is locked.
         */
        get: operations["getUser"];
        /**
         * Update a user (omitted fields keep their value)
         * @description Changes whether a user is enabled, their groups and direct permissions; a field left out keeps its value.
         */
        put: operations["updateUser"];
        post?: never;
        /**
         * Delete a user, their memberships and API tokens
         * @description Deletes a user with their memberships and API tokens; deleting yourself or the last enabled administrator is refused (409).
         */
        delete: operations["deleteUser"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/users/{id}/unlock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Lift the sign-in lock that repeated failed attempts put on a user
         * @description Lifts the lock that repeated failed sign-ins put on a user, so that the right password works again at once.
         */
        post: operations["unlockUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/users/{id}/second-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a user's second factors (authenticator app and passkeys)
         * @description Removes the user's authenticator app, recovery codes and every passkey (a lost phone or key): they sign in with the password alone and may enrol again. Audited as `user.second_factor_reset` (with the passkeys removed); a user without one is answered 204 all the same.
         */
        delete: operations["resetSecondFactor"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/users/{id}/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set a user's password, or have one generated; their tokens and sessions stop working
         * @description With `password`: answers 204 with an empty body. With `"generate": true` instead: answers 200 with the generated password, which is never shown again. `"requireChange": true` makes the user change it (POST /password) before signing in to anything else. A person who signs in through the identity provider has no password here: 409.
         */
        put: operations["resetPassword"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/users/{id}/api-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A user's API tokens, without secrets
         * @description Lists a user's API tokens, ordered by id, with whether each authenticates now; never their secrets.
         */
        get: operations["listApiTokens"];
        put?: never;
        /**
         * Create an API token for a user (the secret is shown once)
         * @description Creates an API token for an external system, acting as the user within the chosen scope; the secret is in this answer only.
         */
        post: operations["createApiToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api-tokens/{tokenId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API token
         * @description Revokes an API token at once; requests that carry it are answered 401 from then on.
         */
        delete: operations["revokeApiToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/service-accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List service accounts, ordered by id
         * @description Lists every service account (a principal for engines and workers, with no password and no sign-in) with groups and permissions, ordered by id; `q` keeps those whose name contains it.
         */
        get: operations["listServiceAccounts"];
        put?: never;
        /**
         * Create a service account
         * @description Creates a service account with a name unique among users and service accounts (case-insensitive), groups and direct permissions, and answers it. It has no password: it acts only through its API tokens.
         */
        post: operations["createServiceAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/service-accounts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One service account
         * @description Answers one service account, with its effective permissions.
         */
        get: operations["getServiceAccount"];
        /**
         * Update a service account (omitted fields keep their value)
         * @description Changes the description, whether it is enabled, its groups and direct permissions; a field left out keeps its value. Disabling ends its tokens at once.
         */
        put: operations["updateServiceAccount"];
        post?: never;
        /**
         * Delete a service account and its API tokens
         * @description Deletes a service account with its memberships and API tokens, which stop working at once; a service account deleting itself is refused (409).
         */
        delete: operations["deleteServiceAccount"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/service-accounts/{id}/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A service account's API tokens, without secrets
         * @description Lists a service account's API tokens, ordered by id, with whether each authenticates now; never their secrets.
         */
        get: operations["listServiceAccountTokens"];
        put?: never;
        /**
         * Create an API token for a service account (the secret is shown once)
         * @description Creates an API token acting as the service account within the chosen scope; the secret is in this answer only. Revoke it with DELETE /admin/api-tokens/{tokenId}.
         */
        post: operations["createServiceAccountToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/users/{id}/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A user's console sessions that work now
         * @description Lists a user's console sign-ins that have not ended or expired, the newest first, each by its public handle (never the secret its cookie carries), with browser, address, sign-in and last request.
         */
        get: operations["listUserSessions"];
        put?: never;
        post?: never;
        /**
         * End all of a user's console sessions
         * @description Ends every console session of the user at once on every instance (the caller's own too, when the user is the caller); each is audited as `session.end`.
         */
        delete: operations["revokeUserSessions"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/users/{id}/sessions/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * End one of a user's console sessions
         * @description Ends the session at once on every instance; audited as `session.end`. A handle that names none of the user's live sessions is 404.
         */
        delete: operations["revokeUserSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/audit-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Audit records of admin changes, newest first
         * @description Pages through the audit records of administrative changes, newest first, filtered by actor, action and time.
         */
        get: operations["listAuditEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/audit-events/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Audit records as an NDJSON or CSV file
         * @description Answers every audit record the filters of GET /admin/audit-events match, newest first, as NDJSON (each line a record as the list answers it) or CSV, written while it is read, whatever the count.
         */
        get: operations["exportAuditEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/incidents/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Dashboard counts
         * @description Answers the dashboard counts: open, critical and acknowledged incidents, and those created today; `owner` counts only the incidents of that owner, as on GET /incidents.
         */
        get: operations["getIncidentSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/incidents/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every incident a filter matches, as a CSV file
         * @description Answers the incidents that the filters of GET /incidents match, newest first, as one CSV file (a header row, times in UTC, formulas neutralised) written while it is read, whatever the count.
         */
        get: operations["exportIncidents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/incidents/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Per-day counts by severity, top failing nodes, mean times to acknowledge and resolve
         * @description Answers per-day incident counts by severity over the last `days` days, the nodes that fail most, and mean times to acknowledge and resolve.
         */
        get: operations["getIncidentStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/incidents/groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Incidents grouped by source, node and message template
         * @description Pages through the incidents matching the filters grouped by source, node and message template (numbers folded), with counts per status and first and last seen.
         */
        get: operations["listIncidentGroups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/incidents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List incidents (paged, filtered, sorted)
         * @description Pages through incidents matching the filters, in the order `sort` asks (default newest first).
         */
        get: operations["listIncidents"];
        put?: never;
        /**
         * Report an incident (deduplicated by source and externalReferenceId)
         * @description Reports an incident; a report with the source and externalReferenceId of an unresolved incident counts another occurrence of it instead.
         */
        post: operations["reportIncident"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/incidents/process-instances/{processInstanceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A process instance's incidents, newest first
         * @description Lists every incident of one process instance, newest first (an unknown instance has none).
         */
        get: operations["listProcessInstanceIncidents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/incidents/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report up to 500 incidents at once, one result per report
         * @description Reports up to 500 incidents in one request, each deduplicated as POST /incidents does. Each report is checked and written on its own: the answer has one result per report, in order (created, occurred again, reopened, or rejected with its problem, in which case nothing was written for it). The body may be up to 1 MiB.
         */
        post: operations["reportIncidents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/incidents/bulk/acknowledge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Acknowledge up to 250 incidents
         * @description Acknowledges each of up to 250 incidents on its own, and answers for each whether it was applied, skipped or not found.
         */
        post: operations["acknowledgeIncidents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/incidents/bulk/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resolve up to 250 incidents
         * @description Resolves each of up to 250 incidents on its own, and answers for each whether it was applied, skipped or not found.
         */
        post: operations["resolveIncidents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/incidents/bulk/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retry up to 250 WORKER incidents
         * @description Retries each of up to 250 WORKER incidents on its own, and answers for each whether it was applied, skipped or not found.
         */
        post: operations["retryIncidents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/incidents/bulk/acknowledge-matching": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Acknowledge the incidents a filter matches, a chunk per call
         * @description Acknowledges, each on its own, up to `limit` OPEN incidents that the filter matches with an id above `afterId`, and answers the counts, each outcome and where to go on.
         */
        post: operations["acknowledgeMatchingIncidents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/incidents/bulk/resolve-matching": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resolve the incidents a filter matches, a chunk per call
         * @description Resolves, each on its own, up to `limit` unresolved incidents that the filter matches with an id above `afterId`, and answers the counts, each outcome and where to go on.
         */
        post: operations["resolveMatchingIncidents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/incidents/bulk/retry-matching": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retry the WORKER incidents a filter matches, a chunk per call
         * @description Retries, each on its own, up to `limit` unresolved WORKER incidents that the filter matches with an id above `afterId`, and answers the counts, each outcome and where to go on.
         */
        post: operations["retryMatchingIncidents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/incidents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One incident
         * @description Answers one incident.
         */
        get: operations["getIncident"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/incidents/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Lifecycle timeline, oldest first
         * @description Lists an incident's lifecycle timeline (created, acknowledged, resolved, reopened, retried, ...), oldest first.
         */
        get: operations["listIncidentEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/incidents/{id}/acknowledge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Acknowledge an OPEN incident
         * @description Moves an OPEN incident to ACKNOWLEDGED; any other status is a 409 INVALID_STATE and changes nothing.
         */
        post: operations["acknowledgeIncident"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/incidents/{id}/unacknowledge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unacknowledge an ACKNOWLEDGED incident (no body)
         * @description Takes an acknowledgement back: moves an ACKNOWLEDGED incident to OPEN and clears who acknowledged it and when. Any other status is a 409 INVALID_STATE and changes nothing.
         */
        post: operations["unacknowledgeIncident"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/incidents/{id}/snooze": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Snooze an incident until a time or more occurrences
         * @description Keeps an OPEN or ACKNOWLEDGED incident quiet until a time, until it has occurred `occurrences` more times, or whichever comes first. It stays listed (with snoozedBy and snoozedUntil); what the system writes on its timeline meanwhile is not notified, and its end (SNOOZE_ENDED) is. Snoozing a snoozed incident replaces its snooze; resolving it ends it. A RESOLVED one is a 409 INVALID_STATE.
         */
        post: operations["snoozeIncident"];
        /**
         * End an incident's snooze now
         * @description Ends a snooze now, with a SNOOZE_ENDED entry naming the caller; an incident that is not snoozed is a 409 INVALID_STATE and nothing changes.
         */
        delete: operations["wakeIncident"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/incidents/{id}/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resolve an OPEN or ACKNOWLEDGED incident
         * @description Moves an OPEN or ACKNOWLEDGED incident to RESOLVED with an optional note and action; a RESOLVED one is a 409 INVALID_STATE.
         */
        post: operations["resolveIncident"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/incidents/{id}/reopen": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reopen a RESOLVED incident (no body)
         * @description Moves a RESOLVED incident back to OPEN; any other status is a 409 INVALID_STATE and changes nothing.
         */
        post: operations["reopenIncident"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/incidents/{id}/notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a note to the timeline
         * @description Adds a NOTE_ADDED entry (the caller its author) to the incident's timeline, whatever its status.
         */
        post: operations["addIncidentNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/incidents/{id}/assign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Assign to a user, or unassign
         * @description Gives the incident to an existing user (null: to nobody), whatever its status, with an ASSIGNED timeline entry naming the new and previous assignee.
         */
        post: operations["assignIncident"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/incidents/{id}/payload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The payload a WORKER incident's retry republishes, and its version
         * @description Answers the worker request's payload (secret-looking values masked) and its payloadVersion, which a retry's payloadPatch is written against; 404 for an incident without a worker request.
         */
        get: operations["getIncidentRetryPayload"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/incidents/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retry a WORKER incident: restore the instance, reset, correct and republish the worker request
         * @description Retries a WORKER incident: the process instance runs again and its worker request is republished with its retries restored, and with its payload corrected by payloadPatch (a JSON merge patch) if one comes; other incidents are a 400 NOT_RETRYABLE.
         */
        post: operations["retryIncident"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/incident-views": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Saved views: yours and the shared ones
         * @description Lists the caller's saved views of the incident board and everyone's shared ones: the caller's first, then by name.
         */
        get: operations["listSavedViews"];
        put?: never;
        /**
         * Save a view of the board
         * @description Saves a view of the incident board under a name unique among the caller's (whatever the case): the board's query string, whether it means "assigned to me" for whoever opens it, and whether everyone sees it.
         */
        post: operations["createSavedView"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/incident-views/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change one of your saved views
         * @description Changes one of the caller's views; a field left out keeps its value. Someone else's shared view is a 403.
         */
        put: operations["updateSavedView"];
        post?: never;
        /**
         * Delete one of your saved views
         * @description Deletes one of the caller's views. Someone else's shared view is a 403.
         */
        delete: operations["deleteSavedView"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/silences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Silences, newest first
         * @description Lists silences, newest first; `state` keeps those SCHEDULED (not begun), ACTIVE or ENDED (early, or their time is over).
         */
        get: operations["listSilences"];
        put?: never;
        /**
         * Silence incidents by matcher for a time window
         * @description Silences the incidents every given matcher matches (at least one matcher that narrows them: a silence of everything, such as every severity and nothing else, is a 400) from startsAt (now when left out) until endsAt. They are recorded and listed as usual, with silencedBy; what the system writes on their timelines meanwhile is not notified, and when the silence ends each subscription gets one summary of what it held. Audited.
         */
        post: operations["createSilence"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/silences/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How many incidents matchers match now
         * @description Counts the unresolved incidents these matchers match now, by the rule a silence uses: what a silence made with them would show as silenced at once. At least one matcher that narrows them: matchers of everything (every severity and nothing else) are a 400, as on create.
         */
        get: operations["previewSilence"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/silences/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One silence
         * @description A silence, with its state and how many timeline entries it has held so far.
         */
        get: operations["getSilence"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/silences/{id}/end": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End a silence now
         * @description Ends a scheduled or active silence now, with the summaries of what it held; one that has ended (early, or its time is over) is a 409 INVALID_STATE and nothing changes. Audited.
         */
        post: operations["endSilence"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oncall/schedules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * On-call schedules, by name
         * @description Lists the on-call schedules by name, each with its rotation in order.
         */
        get: operations["listOncallSchedules"];
        put?: never;
        /**
         * Create an on-call schedule
         * @description Creates a schedule: a rotation of people (user ids, in order) handing off DAILY or WEEKLY at a local time in an IANA time zone from a date, or at the hand-offs of an RFC 5545 RRULE. A name another schedule has is a 409. Audited.
         */
        post: operations["createOncallSchedule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oncall/schedules/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One on-call schedule
         * @description Answers a schedule with its rotation in order.
         */
        get: operations["getOncallSchedule"];
        /**
         * Replace an on-call schedule
         * @description Replaces a schedule's name, time zone, hand-offs and rotation; its shifts, past ones too, are computed from the new definition. Audited.
         */
        put: operations["updateOncallSchedule"];
        post?: never;
        /**
         * Delete an on-call schedule
         * @description Deletes a schedule with its rotation and overrides. Audited.
         */
        delete: operations["deleteOncallSchedule"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oncall/schedules/{id}/on-call": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who is on call now and next
         * @description Answers who is on call now (since when, until when, and the override that makes it, if one does) and the shift after it within 90 days; null where nobody is.
         */
        get: operations["getOncallNow"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oncall/schedules/{id}/shifts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The shifts of a window
         * @description Lists the shifts that overlap a window of at most 90 days (from now for 7 days when left out), each whole, overrides laid over the rotation, by their start.
         */
        get: operations["listOncallShifts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oncall/schedules/{id}/calendar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The shifts of a window as an iCalendar file
         * @description Answers the shifts of a window of at most 90 days (from now for 90 days when left out) as an iCalendar file, one VEVENT per shift with a UID that stays the same while the shift does.
         */
        get: operations["exportOncallCalendar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oncall/schedules/{id}/overrides": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A schedule's overrides
         * @description Lists the overrides of a schedule that end after `from` (now when left out), by their start.
         */
        get: operations["listOncallOverrides"];
        put?: never;
        /**
         * Add an override: a person covers a time
         * @description Adds an override: the person covers from startsAt to endsAt (instants, or local times in the schedule time zone), over the rotation and over older overrides. Audited.
         */
        post: operations["addOncallOverride"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oncall/schedules/{id}/overrides/{overrideId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete an override
         * @description Deletes an override of the schedule: the rotation covers its time again. Audited.
         */
        delete: operations["deleteOncallOverride"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/worker-requests/fetch-and-lock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Lock pending requests of some topics for this worker, long-polling up to waitMs
         * @description Locks up to `maxTasks` pending requests of the given topics for this worker for `lockDurationMs`, waiting up to `waitMs` for one when none is pending.
         */
        post: operations["fetchAndLockWorkerRequests"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/worker-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish a service-task request
         * @description Publishes a service-task request on a topic for workers to fetch, on behalf of a process instance.
         */
        post: operations["createWorkerRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/worker-requests/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One worker request
         * @description Answers one worker request with its status, lock and outcome.
         */
        get: operations["getWorkerRequest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/worker-requests/{id}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Complete a locked request
         * @description Completes a request this worker holds the lock on, with its result; a request it does not hold is a 409 CONFLICT.
         */
        post: operations["completeWorkerRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/worker-requests/{id}/failure": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report a failure: back to PENDING while retries remain, else FAILED with a WORKER incident
         * @description Reports that a locked request failed: it is fetched again while retries remain, else it fails for good and a WORKER incident is opened.
         */
        post: operations["failWorkerRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/process-instances/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A process instance
         * @description Answers one process instance with its status and current node.
         */
        get: operations["getProcessInstance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook subscriptions, ordered by id
         * @description Lists every webhook subscription with its filters and secret prefixes, ordered by id.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Subscribe a URL to incident or security events (the signing secret is shown in this answer only)
         * @description Subscribes a URL to incident events of the chosen types, severities, sources and nodes, and to the chosen security events (the audit records of sign-ins, failures, lockouts, second factors, passwords, API tokens and permissions); the signing secret is in this answer only.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One webhook subscription
         * @description Answers one webhook subscription with its filters and secret prefixes.
         */
        get: operations["getWebhook"];
        /**
         * Update a webhook subscription (omitted fields keep their value)
         * @description Changes a webhook subscription; a field left out keeps its value.
         */
        put: operations["updateWebhook"];
        post?: never;
        /**
         * Delete a webhook subscription and its delivery log
         * @description Deletes a webhook subscription with its secrets and delivery log; nothing more is sent to it.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/webhooks/{id}/secrets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a second signing secret, for rotation (shown in this answer only)
         * @description Adds a signing secret so that deliveries carry a signature with each, for rotating secrets without a gap; shown in this answer only.
         */
        post: operations["addWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/webhooks/{id}/secrets/{secretId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a signing secret (one must remain)
         * @description Removes a signing secret; the last one of a subscription cannot be removed (409).
         */
        delete: operations["removeWebhookSecret"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A subscription's deliveries, newest first, each with the log of its attempts
         * @description Pages through a subscription's deliveries, newest first, each with the log of its attempts.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send one delivery again (same body and webhook-id, a fresh retry window)
         * @description Queues the delivery again whatever its outcome, with its body and webhook-id unchanged and 24 h of retries from now; refused with 409 while an attempt is under way.
         */
        post: operations["redeliverWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/webhooks/{id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send again every failed delivery made since a time, in their order
         * @description Queues again every FAILED delivery of the subscription made at or after `since`, keeping each webhook-id, and answers how many.
         */
        post: operations["redeliverFailedWebhookDeliveries"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event (type webhook.test) through the delivery path: signed and logged
         * @description Queues a webhook.test event for the subscription, even a disabled one, delivered like any other: signed, retried and in the delivery log.
         */
        post: operations["sendWebhookTestEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/teams/mine": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The teams you are a member of
         * @description Lists the teams whose group the caller belongs to, by code: what `owner=mine` filters incidents by.
         */
        get: operations["listMyTeams"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/teams": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List teams, by code
         * @description Lists every team (a group marked as a team) with its description, lead and member count.
         */
        get: operations["listTeams"];
        put?: never;
        /**
         * Create a team
         * @description Marks an existing group as a team (`groupId`), or creates a group for it (`code` and `name`), and answers the team.
         */
        post: operations["createTeam"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/teams/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A team
         * @description Answers the team whose group has this id.
         */
        get: operations["getTeam"];
        /**
         * Update a team (omitted fields keep their value)
         * @description Changes the team's name (its group's), description and lead; the code never changes.
         */
        put: operations["updateTeam"];
        post?: never;
        /**
         * Delete a team (its group stays)
         * @description Takes the team mark off its group; refused (409) while an ownership rule names the team. The group, its members and permissions stay.
         */
        delete: operations["deleteTeam"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/teams/{id}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Members of a team
         * @description Lists the people in the team's group, ordered by id.
         */
        get: operations["getTeamMembers"];
        /**
         * Replace a team's members
         * @description Replaces the people in the team's group with exactly those named and answers them.
         */
        put: operations["updateTeamMembers"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/ownership-rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The ownership rules in force
         * @description Lists the ownership rules in their order, with the revision of the set.
         */
        get: operations["listOwnershipRules"];
        /**
         * Replace the ownership rules whole
         * @description Replaces every rule at once and decides again the owner of every unresolved incident, with a timeline entry where it changes, in the same transaction.
         */
        put: operations["replaceOwnershipRules"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/ownership-rules/owners": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The ownership rules as an OWNERS text
         * @description Answers the rules in force as an OWNERS text, one rule a line, in their order.
         */
        get: operations["exportOwnershipRules"];
        /**
         * Replace the ownership rules from an OWNERS text
         * @description Reads an OWNERS text and replaces the rules with it as PUT /admin/ownership-rules does; a bad line is a 400 naming every bad line.
         */
        put: operations["importOwnershipRules"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/incidents/events/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Stream of incident changes (server-sent events), resumable with Last-Event-ID
         * @description Every timeline entry committed from now on (or after Last-Event-ID), as `text/event-stream`: `id: <txId>.<entryId>` and `data:` the timeline entry and its incident as it is now (x-event-data). Starts with `event: connected`; `event: ping` every 15 s is the heartbeat. Filters as on GET /incidents, decided per entry; status-changing entries pass a status filter. A stream that fails after it opened (the database lost) ends with `event: serialized-error`, its data tRPC's error with the problem document (x-error-data); the client reconnects with its last id. Those four are every event it sends; a shutdown ends it with none. See docs/contract.md §6.
         */
        get: operations["streamIncidentChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness and database reachability (no auth)
         * @description Answers whether the service runs and reaches its database, for a liveness probe; it needs no token.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness for traffic (no auth)
         * @description Answers 200 while this instance should receive requests, and 503 while it drains for a shutdown or cannot reach its database, for a readiness probe or a load balancer; it needs no token.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics
         * @description The service's metrics in the Prometheus text format (`text/plain; version=0.0.4; charset=utf-8`): requests, database pool, incidents by status and severity, notifications, event streams. Readable with an API token of scope METRICS, or with a token of a user holding ACCESS_BPM_ADMIN whose scope allows reading (FULL or READ_ONLY). HEAD answers the headers alone. With METRICS_PORT set, the same text is also served without authentication at GET /metrics on that port, for scrapers inside the cluster.
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description What navigator.credentials.get() answered, as JSON (AuthenticationResponseJSON), for a challenge issued by this service */
        PasskeyAssertion: {
            /** @description the credential that signed */
            id: string;
            /** @description the same id */
            rawId: string;
            /** @constant */
            type: "public-key";
            response: {
                /** @description the browser-signed client data (challenge, origin, type) */
                clientDataJSON: string;
                /** @description the authenticator data (RP ID hash, flags, counter) */
                authenticatorData: string;
                /** @description the signature over the authenticator data and the client data hash */
                signature: string;
                /** @description the user handle the passkey was made for */
                userHandle?: string;
            };
            /** @enum {string} */
            authenticatorAttachment?: "platform" | "cross-platform";
            /** @description what the browser answered for extensions (often empty) */
            clientExtensionResults: {
                [key: string]: unknown;
            };
        };
        /** @description Proof of the second factor you have, required when you have one (absent for your first): exactly one of `code` and `passkey` */
        SecondFactorProof: {
            /** @description a current code from your authenticator app, or an unused recovery code */
            code?: string;
            /** @description an assertion of one of your passkeys, for a challenge from POST /account/passkeys/challenge */
            passkey?: components["schemas"]["PasskeyAssertion"];
        };
        /** @description What navigator.credentials.create() answered, as JSON (RegistrationResponseJSON) */
        PasskeyRegistrationResponse: {
            /** @description the new credential id */
            id: string;
            /** @description the same id */
            rawId: string;
            /** @constant */
            type: "public-key";
            response: {
                /** @description the browser-signed client data (challenge, origin, type) */
                clientDataJSON: string;
                /** @description the authenticator's attestation (format 'none' is enough) */
                attestationObject: string;
                /** @description the authenticator data, also inside the attestation */
                authenticatorData?: string;
                transports?: ("ble" | "cable" | "hybrid" | "internal" | "nfc" | "smart-card" | "usb")[];
                /** Format: int64 */
                publicKeyAlgorithm?: number;
                /** @description the public key in SPKI form, also inside the attestation */
                publicKey?: string;
            };
            /** @enum {string} */
            authenticatorAttachment?: "platform" | "cross-platform";
            /** @description what the browser answered for extensions (often empty) */
            clientExtensionResults: {
                [key: string]: unknown;
            };
        };
        /** @enum {string} */
        WebhookEventType: "incident.created" | "incident.occurred_again" | "incident.acknowledged" | "incident.resolved" | "incident.reopened" | "incident.retry_requested" | "incident.retry_succeeded" | "incident.retry_failed" | "incident.note_added" | "incident.assigned" | "incident.unacknowledged" | "incident.snoozed" | "incident.snooze_ended" | "incident.owner_changed" | "security.sign_in" | "security.sign_in_failed" | "security.locked" | "security.second_factor_changed" | "security.password_changed" | "security.token_created" | "security.token_revoked" | "security.permissions_changed";
        OwnershipRule: {
            /** @description the code of the owning team */
            team: string;
            /** @description a glob over the incident's source; null or absent: any */
            source?: string | null;
            /** @description a glob over the incident's process; null or absent: any */
            processDefinition?: string | null;
            /** @description a glob over the incident's node; null or absent: any */
            nodeId?: string | null;
            /** @description a glob over the incident's topic; null or absent: any */
            topic?: string | null;
            /** @description a glob over the incident's group; null or absent: any */
            incidentGroup?: string | null;
        };
        TokenResponse: {
            accessToken: string;
            /** @constant */
            tokenType: "Bearer";
            /** Format: int64 */
            expiresIn: number;
        };
        /** @description PublicKeyCredentialRequestOptionsJSON, for navigator.credentials.get() */
        PasskeyRequestOptions: {
            /** @description single-use, for this person, valid five minutes */
            challenge: string;
            rpId?: string;
            timeout?: number;
            /** @description your passkeys: only they are asked to sign */
            allowCredentials?: {
                /** @description a credential id, base64url */
                id: string;
                /** @description `public-key` */
                type: string;
                transports?: string[];
            }[];
            /** @enum {string} */
            userVerification?: "discouraged" | "preferred" | "required";
            /** @description extensions asked of the browser (credProps: whether the passkey is discoverable) */
            extensions?: {
                credProps?: boolean;
            };
            hints?: string[];
        };
        SessionResponse: {
            /** @description a session's public handle, as listed (never the secret its cookie carries) */
            id: string;
            /** @description the browser and system, in words, from its User-Agent */
            browser: string;
            userAgent: string | null;
            /** @description the client address it signed in from */
            address: string | null;
            /** @description when it signed in (a local date-time) */
            createdAt: string;
            /** @description its last request, to the minute (a local date-time) */
            lastSeenAt: string;
            /** @description whether it is the session this request came with */
            current: boolean;
        };
        EndedSessionsResponse: {
            /**
             * Format: int64
             * @description how many sessions ended
             */
            ended: number;
        };
        SecondFactorResponse: {
            /** @description whether an authenticator app (TOTP) is enrolled and asked at sign-in */
            totp: boolean;
            /** @description when enrolment completed (a local date-time) */
            enrolledAt: string | null;
            /**
             * Format: int64
             * @description recovery codes not used yet (of ten), whichever second factor made them: an authenticator app or a passkey
             */
            recoveryCodesLeft: number;
        };
        TotpEnrolmentResponse: {
            /** @description the new TOTP secret in base32, to type into an authenticator app */
            secret: string;
            /** @description the otpauth:// URI of the secret (what its QR code holds) */
            uri: string;
        };
        RecoveryCodesResponse: {
            /** @description ten single-use codes that stand in for your second factor once each, in place of any you had; shown only this once */
            recoveryCodes: string[];
        };
        PasskeyResponse: {
            /** Format: int64 */
            id: number;
            name: string;
            /**
             * @description when it was registered
             * @example 2026-11-21T09:30:00
             */
            createdAt: string;
            /** @description when it last signed in or proved you */
            lastUsedAt: string | null;
        };
        RegisteredPasskeyResponse: {
            /** Format: int64 */
            id: number;
            name: string;
            /**
             * @description when it was registered
             * @example 2026-11-21T09:30:00
             */
            createdAt: string;
            /** @description when it last signed in or proved you */
            lastUsedAt: string | null;
            /** @description ten single-use codes that stand in for your second factor once each, made when this passkey is your first second factor (no authenticator app, no other passkey); shown only this once. Empty otherwise */
            recoveryCodes: string[];
        };
        /** @description PublicKeyCredentialCreationOptionsJSON, for navigator.credentials.create() */
        PasskeyCreationOptions: {
            /** @description single-use, for this person, valid five minutes */
            challenge: string;
            rp: {
                name: string;
                id?: string;
            };
            user: {
                id: string;
                name: string;
                displayName: string;
            };
            pubKeyCredParams: {
                alg: number;
                type: string;
            }[];
            timeout?: number;
            /** @description your passkeys already registered: the same authenticator is not taken twice */
            excludeCredentials?: {
                /** @description a credential id, base64url */
                id: string;
                /** @description `public-key` */
                type: string;
                transports?: string[];
            }[];
            authenticatorSelection?: {
                /** @enum {string} */
                authenticatorAttachment?: "platform" | "cross-platform";
                requireResidentKey?: boolean;
                /** @enum {string} */
                residentKey?: "discouraged" | "preferred" | "required";
                /** @enum {string} */
                userVerification?: "discouraged" | "preferred" | "required";
            };
            /** @enum {string} */
            attestation?: "direct" | "enterprise" | "indirect" | "none";
            /** @description extensions asked of the browser (credProps: whether the passkey is discoverable) */
            extensions?: {
                credProps?: boolean;
            };
            hints?: string[];
        };
        PermissionResponse: {
            code: string;
            description: string;
        };
        GroupResponse: {
            /** Format: int64 */
            id: number;
            code: string;
            name: string;
            permissions: string[];
            /**
             * Format: int64
             * @description number of users in the group
             */
            memberCount: number;
        };
        UserResponse: {
            /** Format: int64 */
            id: number;
            username: string;
            enabled: boolean;
            /** @description codes of the groups the user belongs to, sorted */
            groups: string[];
            /** @description direct permission codes, sorted */
            permissions: string[];
            /** @description direct permissions and those of every group, sorted */
            effectivePermissions: string[];
        };
        UserDetailResponse: {
            /** Format: int64 */
            id: number;
            username: string;
            enabled: boolean;
            /** @description codes of the groups the user belongs to, sorted */
            groups: string[];
            /** @description direct permission codes, sorted */
            permissions: string[];
            /** @description direct permissions and those of every group, sorted */
            effectivePermissions: string[];
            /** @description local date-time until which sign-in is refused after repeated failed attempts; null when not locked */
            lockedUntil: string | null;
            /** @description the issuer of the OpenID provider this person signs in through (no password here); null for a local account */
            identityProvider: string | null;
            /** @description where each effective permission comes from, one entry per source, by permission then group */
            permissionSources: components["schemas"]["PermissionSource"][];
            /** @description the second factors asked of this person at sign-in; DELETE /admin/users/{id}/second-factor removes them all */
            secondFactor: {
                /** @description an authenticator app (TOTP) is confirmed */
                authenticatorApp: boolean;
                /**
                 * Format: int64
                 * @description how many passkeys the person has
                 */
                passkeys: number;
            };
        };
        PermissionSource: {
            permission: string;
            /**
             * @description DIRECT: given to the user; GROUP: through a group an administrator put them in; IDENTITY_PROVIDER: through a group their identity provider gave them at their last sign-in
             * @enum {string}
             */
            source: "DIRECT" | "GROUP" | "IDENTITY_PROVIDER";
            /** @description the group's code; null for DIRECT */
            group: string | null;
        };
        GeneratedPasswordResponse: {
            /** @description the generated password, shown in this answer only */
            password: string;
        };
        CreatedApiTokenResponse: {
            /** Format: int64 */
            id: number;
            /** @description whether it authenticates now: false once its user is disabled, has the password reset, or it expired */
            active: boolean;
            name: string;
            /** Format: int64 */
            userId: number;
            /**
             * @description What the token may do, never more than its user may. READ_ONLY: Queries only, of whatever the user may read; INCIDENTS: Incident operations: reads, lifecycle transitions, retry and bulk actions; WORKER: The engine and worker protocol: incident reports, worker requests, process instances; METRICS: Only GET /api/metrics; FULL: Everything the user may do.
             * @enum {string}
             */
            scope: "READ_ONLY" | "INCIDENTS" | "WORKER" | "METRICS" | "FULL";
            createdAt: string;
            expiresAt: string | null;
            lastUsedAt: string | null;
            /** @description requests per minute the token may make on the REST API (the engine-rest paths included); null: its service account's limit, else the service's default (API_RATE_LIMIT_PER_MINUTE) */
            rateLimitPerMinute: number | null;
            /** @description the secret, shown in this answer only */
            token: string;
        };
        ApiTokenResponse: {
            /** Format: int64 */
            id: number;
            /** @description whether it authenticates now: false once its user is disabled, has the password reset, or it expired */
            active: boolean;
            name: string;
            /** Format: int64 */
            userId: number;
            /**
             * @description What the token may do, never more than its user may. READ_ONLY: Queries only, of whatever the user may read; INCIDENTS: Incident operations: reads, lifecycle transitions, retry and bulk actions; WORKER: The engine and worker protocol: incident reports, worker requests, process instances; METRICS: Only GET /api/metrics; FULL: Everything the user may do.
             * @enum {string}
             */
            scope: "READ_ONLY" | "INCIDENTS" | "WORKER" | "METRICS" | "FULL";
            createdAt: string;
            expiresAt: string | null;
            lastUsedAt: string | null;
            /** @description requests per minute the token may make on the REST API (the engine-rest paths included); null: its service account's limit, else the service's default (API_RATE_LIMIT_PER_MINUTE) */
            rateLimitPerMinute: number | null;
        };
        ServiceAccountResponse: {
            /** Format: int64 */
            id: number;
            name: string;
            description: string | null;
            enabled: boolean;
            /** @description codes of the groups it belongs to, sorted */
            groups: string[];
            /** @description direct permission codes, sorted */
            permissions: string[];
            /** @description direct permissions and those of every group, sorted */
            effectivePermissions: string[];
            /** @description requests per minute each of its API tokens may make on the REST API, unless the token sets its own; null: the service's default (API_RATE_LIMIT_PER_MINUTE) */
            rateLimitPerMinute: number | null;
            createdAt: string;
        };
        CreatedServiceAccountTokenResponse: {
            /** Format: int64 */
            id: number;
            /** @description whether it authenticates now: false once its service account is disabled, or it expired */
            active: boolean;
            name: string;
            /**
             * @description What the token may do, never more than its user may. READ_ONLY: Queries only, of whatever the user may read; INCIDENTS: Incident operations: reads, lifecycle transitions, retry and bulk actions; WORKER: The engine and worker protocol: incident reports, worker requests, process instances; METRICS: Only GET /api/metrics; FULL: Everything the user may do.
             * @enum {string}
             */
            scope: "READ_ONLY" | "INCIDENTS" | "WORKER" | "METRICS" | "FULL";
            createdAt: string;
            expiresAt: string | null;
            lastUsedAt: string | null;
            /** @description requests per minute the token may make on the REST API (the engine-rest paths included); null: its service account's limit, else the service's default (API_RATE_LIMIT_PER_MINUTE) */
            rateLimitPerMinute: number | null;
            /** Format: int64 */
            serviceAccountId: number;
            /** @description the secret, shown in this answer only */
            token: string;
        };
        ServiceAccountTokenResponse: {
            /** Format: int64 */
            id: number;
            /** @description whether it authenticates now: false once its service account is disabled, or it expired */
            active: boolean;
            name: string;
            /**
             * @description What the token may do, never more than its user may. READ_ONLY: Queries only, of whatever the user may read; INCIDENTS: Incident operations: reads, lifecycle transitions, retry and bulk actions; WORKER: The engine and worker protocol: incident reports, worker requests, process instances; METRICS: Only GET /api/metrics; FULL: Everything the user may do.
             * @enum {string}
             */
            scope: "READ_ONLY" | "INCIDENTS" | "WORKER" | "METRICS" | "FULL";
            createdAt: string;
            expiresAt: string | null;
            lastUsedAt: string | null;
            /** @description requests per minute the token may make on the REST API (the engine-rest paths included); null: its service account's limit, else the service's default (API_RATE_LIMIT_PER_MINUTE) */
            rateLimitPerMinute: number | null;
            /** Format: int64 */
            serviceAccountId: number;
        };
        AuditEventPage: {
            content: components["schemas"]["AuditEventResponse"][];
            /** Format: int64 */
            number: number;
            /** Format: int64 */
            size: number;
            /** Format: int64 */
            totalElements: number;
            /** Format: int64 */
            totalPages: number;
            /** Format: int64 */
            numberOfElements: number;
            first: boolean;
            last: boolean;
            empty: boolean;
        };
        AuditEventResponse: {
            /** Format: int64 */
            id: number;
            actor: string;
            action: string;
            targetType: string;
            targetId: string | null;
            /** @description the console page of the target (a user's, its group searched, an API token's user, an incident); null once the target is gone */
            targetPath: string | null;
            before: unknown;
            after: unknown;
            createdAt: string;
        };
        IncidentSummary: {
            /** Format: int64 */
            openIncidents: number;
            /** Format: int64 */
            criticalIncidents: number;
            /** Format: int64 */
            acknowledgedIncidents: number;
            /** Format: int64 */
            incidentsCreatedToday: number;
        };
        IncidentStats: {
            /** Format: int64 */
            days: number;
            perDay: {
                /** @description yyyy-MM-dd in the service time zone */
                day: string;
                /** Format: int64 */
                LOW: number;
                /** Format: int64 */
                MEDIUM: number;
                /** Format: int64 */
                HIGH: number;
                /** Format: int64 */
                CRITICAL: number;
            }[];
            topNodes: {
                nodeId: string;
                /** Format: int64 */
                incidents: number;
                /** Format: int64 */
                unresolved: number;
            }[];
            meanSecondsToAcknowledge: number | null;
            meanSecondsToResolve: number | null;
        };
        IncidentGroupPage: {
            content: components["schemas"]["IncidentGroup"][];
            /** Format: int64 */
            number: number;
            /** Format: int64 */
            size: number;
            /** Format: int64 */
            totalElements: number;
            /** Format: int64 */
            totalPages: number;
            /** Format: int64 */
            numberOfElements: number;
            first: boolean;
            last: boolean;
            empty: boolean;
        };
        IncidentGroup: {
            /** @description the group in the `group` filter: <source>:<templateId>:<nodeId> */
            key: string;
            /** @enum {string} */
            source: "PROCESS_ENGINE" | "WORKER" | "CODE_TASK" | "AI_TASK" | "MESSAGE";
            nodeId: string;
            /** Format: int64 */
            templateId: number;
            /** @description the message with each run of digits written # */
            template: string;
            /** @description the most recent incident's message */
            sampleMessage: string;
            /** Format: int64 */
            latestIncidentId: number;
            /** Format: int64 */
            count: number;
            /** Format: int64 */
            open: number;
            /** Format: int64 */
            acknowledged: number;
            /** Format: int64 */
            resolved: number;
            /**
             * @description the earliest createdAt of its incidents
             * @example 2026-11-21T09:30:00
             */
            firstSeen: string;
            /**
             * @description the latest lastOccurredAt of its incidents
             * @example 2026-11-21T09:30:00
             */
            lastSeen: string;
        };
        IncidentPage: {
            content: components["schemas"]["Incident"][];
            /** Format: int64 */
            number: number;
            /** Format: int64 */
            size: number;
            /** Format: int64 */
            totalElements: number;
            /** Format: int64 */
            totalPages: number;
            /** Format: int64 */
            numberOfElements: number;
            first: boolean;
            last: boolean;
            empty: boolean;
        };
        Incident: {
            /** Format: int64 */
            id: number;
            /** Format: int64 */
            processInstanceId: number;
            nodeId: string;
            /** @enum {string} */
            status: "OPEN" | "ACKNOWLEDGED" | "RESOLVED";
            /** @enum {string} */
            severity: "LOW" | "MEDIUM" | "HIGH" | "CRITICAL";
            /** @enum {string} */
            source: "PROCESS_ENGINE" | "WORKER" | "CODE_TASK" | "AI_TASK" | "MESSAGE";
            message: string;
            technicalDetails: string;
            externalReferenceId: string;
            /** Format: int64 */
            occurrenceCount: number;
            /**
             * @description local date-time yyyy-MM-ddTHH:mm:ss
             * @example 2026-11-21T09:30:00
             */
            lastOccurredAt: string;
            /**
             * @description local date-time yyyy-MM-ddTHH:mm:ss
             * @example 2026-11-21T09:30:00
             */
            createdAt: string;
            /**
             * @description local date-time yyyy-MM-ddTHH:mm:ss
             * @example 2026-11-21T09:30:00
             */
            updatedAt: string;
            acknowledgedAt: string | null;
            acknowledgedBy: string | null;
            resolvedAt: string | null;
            resolvedBy: string | null;
            resolutionNote: string | null;
            resolutionAction: ("RETRIED_SUCCESSFULLY" | "FIXED_MANUALLY" | "WORKAROUND_APPLIED" | "NOT_AN_ISSUE" | "DUPLICATE" | "OTHER") | null;
            /** @description the user who owns the incident; null, nobody */
            assignee: string | null;
            /** @description when the snooze was set; null when not snoozed */
            snoozedAt: string | null;
            /** @description who snoozed it; null when not snoozed */
            snoozedBy: string | null;
            /** @description when the snooze ends by itself; null when not snoozed or snoozed by occurrences only */
            snoozedUntil: string | null;
            /** @description the snooze ends when occurrenceCount reaches this; null when not snoozed or snoozed until a time only */
            snoozedUntilOccurrence: number | null;
            /** @description whether POST /incidents/{id}/retry would be accepted now: an unresolved WORKER incident whose worker request is FAILED */
            retryable: boolean;
            silencedBy: components["schemas"]["SilencedBy"];
            /** @description the process definition's key the report (or its worker request) named; null: none */
            processDefinition: string | null;
            owner: components["schemas"]["IncidentOwner"];
        };
        /** @description the silence in effect now that matches it (of several, the one that ends last); null when none does */
        SilencedBy: {
            /** Format: int64 */
            id: number;
            name: string;
            createdBy: string;
            /**
             * @description local date-time yyyy-MM-ddTHH:mm:ss
             * @example 2026-11-21T09:30:00
             */
            endsAt: string;
        } | null;
        /** @description the team that owns it (docs/contract.md §13, "Ownership"); null when no rule gives it one */
        IncidentOwner: {
            /** Format: int64 */
            id: number;
            code: string;
        } | null;
        ReportBatchResult: {
            results: {
                /**
                 * Format: int64
                 * @description the report's position in `reports`, from 0
                 */
                index: number;
                /**
                 * @description CREATED, OCCURRED_AGAIN (an unresolved incident counted another occurrence) and REOPENED (a resolved one was reported again) carry the incident; REJECTED carries the problem, and nothing was written for that report
                 * @enum {string}
                 */
                outcome: "CREATED" | "OCCURRED_AGAIN" | "REOPENED" | "REJECTED";
                incident?: components["schemas"]["Incident"];
                problem?: components["schemas"]["Problem"];
            }[];
        };
        BulkResult: {
            results: {
                /** Format: int64 */
                id: number;
                /** @enum {string} */
                outcome: "APPLIED" | "SKIPPED" | "NOT_FOUND";
                /**
                 * @description why it was skipped (SKIPPED only): the problem code its single action answers
                 * @enum {string}
                 */
                reason?: "INVALID_STATE" | "NOT_RETRYABLE" | "CONFLICT" | "VALIDATION_FAILED";
                /** @description the reason in words */
                detail?: string;
            }[];
        };
        BulkMatchingResult: {
            results: {
                /** Format: int64 */
                id: number;
                /** @enum {string} */
                outcome: "APPLIED" | "SKIPPED" | "NOT_FOUND";
                /**
                 * @description why it was skipped (SKIPPED only): the problem code its single action answers
                 * @enum {string}
                 */
                reason?: "INVALID_STATE" | "NOT_RETRYABLE" | "CONFLICT" | "VALIDATION_FAILED";
                /** @description the reason in words */
                detail?: string;
            }[];
            /**
             * Format: int64
             * @description incidents the filter matched that the action applies to, with id above afterId, when the call began
             */
            matched: number;
            /** Format: int64 */
            applied: number;
            /** Format: int64 */
            skipped: number;
            /** Format: int64 */
            notFound: number;
            /**
             * Format: int64
             * @description matched minus those handled in this call: 0 when done
             */
            remaining: number;
            /**
             * Format: int64
             * @description the last id handled (afterId when none): pass it as afterId to go on
             */
            nextAfterId: number;
        };
        IncidentTimelineEntry: {
            /** Format: int64 */
            id: number;
            /** Format: int64 */
            incidentId: number;
            /** @enum {string} */
            eventType: "CREATED" | "OCCURRED_AGAIN" | "ACKNOWLEDGED" | "RESOLVED" | "REOPENED" | "RETRY_REQUESTED" | "RETRY_SUCCEEDED" | "RETRY_FAILED" | "NOTE_ADDED" | "ASSIGNED" | "UNACKNOWLEDGED" | "SNOOZED" | "SNOOZE_ENDED" | "OWNER_CHANGED";
            message: string;
            actor: string | null;
            /**
             * @description local date-time yyyy-MM-ddTHH:mm:ss
             * @example 2026-11-21T09:30:00
             */
            createdAt: string;
            /** @description RETRY_REQUESTED with a corrected payload only: what the correction changed, the values of secret-looking fields shown as "[masked]" */
            payloadChanges?: {
                /** @description the changed field, as a JSON Pointer (RFC 6901) */
                path: string;
                /** @description absent: the field was added */
                before?: unknown;
                /** @description absent: the field was removed */
                after?: unknown;
            }[];
            /**
             * Format: int64
             * @description OCCURRED_AGAIN only: how many occurrences the entry stands for (reports written together fold into one entry)
             */
            occurrences?: number;
            /** @description the silence that held its notification (counted in its summary); null when none did */
            silenceId: number | null;
        };
        RetryPayload: {
            /** Format: int64 */
            incidentId: number;
            /** Format: int64 */
            workerRequestId: number;
            /** @description the worker request's payload, the values of secret-looking fields shown as "[masked]" */
            payload: {
                [key: string]: unknown;
            };
            /** Format: int64 */
            payloadVersion: number;
        };
        SavedView: {
            /** Format: int64 */
            id: number;
            name: string;
            search: string;
            mine: boolean;
            shared: boolean;
            /** @description the username of who saved it */
            owner: string;
            /** @description whether the caller owns it (and so may change or delete it) */
            yours: boolean;
            createdAt: string;
            updatedAt: string;
        };
        SilencePage: {
            content: components["schemas"]["Silence"][];
            /** Format: int64 */
            number: number;
            /** Format: int64 */
            size: number;
            /** Format: int64 */
            totalElements: number;
            /** Format: int64 */
            totalPages: number;
            /** Format: int64 */
            numberOfElements: number;
            first: boolean;
            last: boolean;
            empty: boolean;
        };
        Silence: {
            /** Format: int64 */
            id: number;
            name: string;
            comment: string;
            source: ("PROCESS_ENGINE" | "WORKER" | "CODE_TASK" | "AI_TASK" | "MESSAGE") | null;
            nodeId: string | null;
            groupKey: string | null;
            severities: ("LOW" | "MEDIUM" | "HIGH" | "CRITICAL")[] | null;
            messageText: string | null;
            /**
             * @description local date-time yyyy-MM-ddTHH:mm:ss
             * @example 2026-11-21T09:30:00
             */
            startsAt: string;
            /**
             * @description when it ends (or ended) by itself
             * @example 2026-11-21T09:30:00
             */
            endsAt: string;
            /** @description when it ended: early (endedBy) or at endsAt; null while it is not over */
            endedAt: string | null;
            /** @description who ended it early; null otherwise */
            endedBy: string | null;
            /** @enum {string} */
            state: "SCHEDULED" | "ACTIVE" | "ENDED";
            createdBy: string;
            /**
             * @description local date-time yyyy-MM-ddTHH:mm:ss
             * @example 2026-11-21T09:30:00
             */
            createdAt: string;
            /**
             * Format: int64
             * @description the timeline entries it has held from notifications so far
             */
            heldEvents: number;
        };
        SilencePreview: {
            /**
             * Format: int64
             * @description unresolved incidents these matchers match now
             */
            matching: number;
        };
        OncallSchedulePage: {
            content: components["schemas"]["OncallSchedule"][];
            /** Format: int64 */
            number: number;
            /** Format: int64 */
            size: number;
            /** Format: int64 */
            totalElements: number;
            /** Format: int64 */
            totalPages: number;
            /** Format: int64 */
            numberOfElements: number;
            first: boolean;
            last: boolean;
            empty: boolean;
        };
        OncallSchedule: {
            /** Format: int64 */
            id: number;
            name: string;
            timeZone: string;
            /** @enum {string} */
            handOff: "DAILY" | "WEEKLY" | "RRULE";
            handOffTime: string;
            handOffWeekday: ("MONDAY" | "TUESDAY" | "WEDNESDAY" | "THURSDAY" | "FRIDAY" | "SATURDAY" | "SUNDAY") | null;
            rrule: string | null;
            startsOn: string;
            members: {
                /** Format: int64 */
                userId: number;
                username: string;
            }[];
            createdBy: string;
            /**
             * @description An instant in ISO 8601 with its offset, in the schedule time zone
             * @example 2026-03-29T09:00:00+02:00
             */
            createdAt: string;
            /**
             * @description An instant in ISO 8601 with its offset, in the schedule time zone
             * @example 2026-03-29T09:00:00+02:00
             */
            updatedAt: string;
        };
        OncallNow: {
            /** @description Who is on call now, since when, until when; null: nobody */
            now: components["schemas"]["OncallShift"] | null;
            /** @description The shift after it, within 90 days; null: none */
            next: components["schemas"]["OncallShift"] | null;
        };
        OncallShift: {
            /** Format: int64 */
            userId: number;
            username: string;
            /**
             * @description An instant in ISO 8601 with its offset, in the schedule time zone
             * @example 2026-03-29T09:00:00+02:00
             */
            start: string;
            /**
             * @description An instant in ISO 8601 with its offset, in the schedule time zone
             * @example 2026-03-29T09:00:00+02:00
             */
            end: string;
            /** @description The override that makes this shift; null for the rotation */
            overrideId: number | null;
        };
        OncallShiftList: components["schemas"]["OncallShift"][];
        OncallOverrideList: components["schemas"]["OncallOverride"][];
        OncallOverride: {
            /** Format: int64 */
            id: number;
            /** Format: int64 */
            scheduleId: number;
            /** Format: int64 */
            userId: number;
            username: string;
            /**
             * @description An instant in ISO 8601 with its offset, in the schedule time zone
             * @example 2026-03-29T09:00:00+02:00
             */
            startsAt: string;
            /**
             * @description An instant in ISO 8601 with its offset, in the schedule time zone
             * @example 2026-03-29T09:00:00+02:00
             */
            endsAt: string;
            createdBy: string;
            /**
             * @description An instant in ISO 8601 with its offset, in the schedule time zone
             * @example 2026-03-29T09:00:00+02:00
             */
            createdAt: string;
        };
        WorkerRequest: {
            /** Format: int64 */
            id: number;
            /** Format: int64 */
            processInstanceId: number;
            nodeId: string;
            topic: string;
            /** @description the process definition's key; null: not named */
            processDefinition: string | null;
            payload: {
                [key: string]: unknown;
            };
            /**
             * Format: int64
             * @description 1 at creation, one more for each correction of the payload by an incident's retry
             */
            payloadVersion: number;
            /** @enum {string} */
            status: "PENDING" | "LOCKED" | "COMPLETED" | "FAILED";
            /** Format: int64 */
            retries: number;
            /**
             * Format: int64
             * @description deliveries so far, starting at 1
             */
            attempt: number;
            workerId: string | null;
            lockExpiresAt: string | null;
            errorMessage: string | null;
            errorDetails: string | null;
            result: {
                [key: string]: unknown;
            } | null;
            /** @description local date-time yyyy-MM-ddTHH:mm:ss */
            createdAt: string;
            /** @description local date-time yyyy-MM-ddTHH:mm:ss */
            updatedAt: string;
        };
        ProcessInstance: {
            /** Format: int64 */
            id: number;
            /** @enum {string} */
            status: "RUNNING" | "FAILED" | "COMPLETED";
            currentNodeId: string;
            failedNodeId: string | null;
            /** @description local date-time yyyy-MM-ddTHH:mm:ss */
            createdAt: string;
            /** @description local date-time yyyy-MM-ddTHH:mm:ss */
            updatedAt: string;
        };
        WebhookResponse: {
            /** Format: int64 */
            id: number;
            name: string;
            /** @enum {string} */
            channel: "webhook" | "email";
            /** @description empty for an email subscription */
            url: string;
            /** @description empty for a webhook */
            recipients: string[];
            eventTypes: components["schemas"]["WebhookEventType"][];
            minSeverity: ("LOW" | "MEDIUM" | "HIGH" | "CRITICAL") | null;
            sources: ("PROCESS_ENGINE" | "WORKER" | "CODE_TASK" | "AI_TASK" | "MESSAGE")[];
            nodeIds: string[];
            /** @enum {string} */
            format: "json" | "slack";
            /** Format: int64 */
            groupWindowSeconds: number;
            enabled: boolean;
            /** @description paused by the service after failing for WEBHOOK_ATTENTION_AFTER_MS (24 h) with no success; enabling it resumes */
            needsAttention: boolean;
            needsAttentionSince: string | null;
            /** @description since when every attempt failed; null after a success */
            failingSince: string | null;
            secrets: components["schemas"]["WebhookSecretResponse"][];
            createdBy: string;
            createdAt: string;
            updatedAt: string;
        };
        WebhookSecretResponse: {
            /** Format: int64 */
            id: number;
            /** @description the first characters of the secret, to tell secrets apart */
            prefix: string;
            createdAt: string;
        };
        CreatedWebhookResponse: {
            /** Format: int64 */
            id: number;
            name: string;
            /** @enum {string} */
            channel: "webhook" | "email";
            /** @description empty for an email subscription */
            url: string;
            /** @description empty for a webhook */
            recipients: string[];
            eventTypes: components["schemas"]["WebhookEventType"][];
            minSeverity: ("LOW" | "MEDIUM" | "HIGH" | "CRITICAL") | null;
            sources: ("PROCESS_ENGINE" | "WORKER" | "CODE_TASK" | "AI_TASK" | "MESSAGE")[];
            nodeIds: string[];
            /** @enum {string} */
            format: "json" | "slack";
            /** Format: int64 */
            groupWindowSeconds: number;
            enabled: boolean;
            /** @description paused by the service after failing for WEBHOOK_ATTENTION_AFTER_MS (24 h) with no success; enabling it resumes */
            needsAttention: boolean;
            needsAttentionSince: string | null;
            /** @description since when every attempt failed; null after a success */
            failingSince: string | null;
            secrets: components["schemas"]["WebhookSecretResponse"][];
            createdBy: string;
            createdAt: string;
            updatedAt: string;
            /** @description the signing secret (whsec_...): shown in this answer only */
            secret: string;
        };
        CreatedWebhookSecretResponse: {
            /** Format: int64 */
            id: number;
            /** @description the first characters of the secret, to tell secrets apart */
            prefix: string;
            createdAt: string;
            /** @description whsec_ and the base64 key: shown in this answer only */
            secret: string;
        };
        WebhookDeliveryPage: {
            content: components["schemas"]["WebhookDeliveryResponse"][];
            /** Format: int64 */
            number: number;
            /** Format: int64 */
            size: number;
            /** Format: int64 */
            totalElements: number;
            /** Format: int64 */
            totalPages: number;
            /** Format: int64 */
            numberOfElements: number;
            first: boolean;
            last: boolean;
            empty: boolean;
        };
        WebhookDeliveryResponse: {
            /** Format: int64 */
            id: number;
            /** @description the webhook-id header, the same on every attempt */
            webhookId: string;
            /** @description null for a test event and a silence's summary */
            eventId: number | null;
            /** @description null for a test event and a silence's summary */
            incidentId: number | null;
            /** @description the audit record of a security event (the first, for failed sign-ins); else null */
            auditEventId: number | null;
            eventType: components["schemas"]["WebhookEventType"] | "webhook.test" | "silence.ended";
            /** @enum {string} */
            status: "PENDING" | "DELIVERING" | "SUCCEEDED" | "FAILED";
            /** Format: int64 */
            attempts: number;
            nextAttemptAt: string | null;
            lastError: string | null;
            createdAt: string;
            updatedAt: string;
            log: components["schemas"]["WebhookAttemptResponse"][];
        };
        WebhookAttemptResponse: {
            /** Format: int64 */
            attempt: number;
            startedAt: string;
            /** Format: int64 */
            durationMs: number;
            url: string;
            /** @description without the signature */
            requestHeaders: {
                [key: string]: string;
            };
            requestBody: string;
            responseStatus: number | null;
            responseHeaders: {
                [key: string]: string;
            } | null;
            /** @description the first 4 KiB */
            responseBody: string | null;
            error: string | null;
        };
        RedeliveryResponse: {
            /** Format: int64 */
            redelivered: number;
            /** @description the webhook-id of each, unchanged: receivers recognise a delivery they had */
            webhookIds: string[];
        };
        TestEventResponse: {
            /** Format: int64 */
            deliveryId: number;
            webhookId: string;
        };
        Team: {
            /**
             * Format: int64
             * @description the team's group id
             */
            id: number;
            /** @description the group's code: what rules and the owner filter name */
            code: string;
            name: string;
            description: string;
            leadUserId: number | null;
            /** Format: int64 */
            memberCount: number;
        };
        OwnershipRules: {
            /**
             * Format: int64
             * @description one more at each replacement of the rules
             */
            revision: number;
            rules: components["schemas"]["OwnershipRuleView"][];
        };
        OwnershipRuleView: {
            team: string;
            source: string | null;
            processDefinition: string | null;
            nodeId: string | null;
            topic: string | null;
            incidentGroup: string | null;
        };
        ReplacedOwnershipRules: {
            /** Format: int64 */
            revision: number;
            /**
             * Format: int64
             * @description rules now in force
             */
            rules: number;
            /**
             * Format: int64
             * @description unresolved incidents whose owner was decided again
             */
            reevaluated: number;
            /**
             * Format: int64
             * @description of those, the ones whose owner changed
             */
            changed: number;
        };
        OwnersText: {
            /** @description an OWNERS file (docs/contract.md §13) */
            text: string;
        };
        /** @description RFC 9457 problem details */
        Problem: {
            /** @example about:blank */
            type: string;
            /** @example Conflict */
            title: string;
            /**
             * Format: int64
             * @example 409
             */
            status: number;
            detail: string;
            /**
             * @description stable machine-readable code
             * @enum {string}
             */
            code: "VALIDATION_FAILED" | "NOT_RETRYABLE" | "UNAUTHENTICATED" | "FORBIDDEN" | "PASSWORD_CHANGE_REQUIRED" | "SECOND_FACTOR_REQUIRED" | "SECOND_FACTOR_ENROLMENT_REQUIRED" | "CONSOLE_SESSION_REQUIRED" | "NOT_FOUND" | "CONFLICT" | "INVALID_STATE" | "LAST_ADMIN" | "PAYLOAD_TOO_LARGE" | "IDEMPOTENCY_KEY_REUSED" | "UNSUPPORTED_MEDIA_TYPE" | "RATE_LIMITED" | "METHOD_NOT_ALLOWED" | "REQUEST_HEADERS_TOO_LARGE" | "REQUEST_TIMEOUT" | "DATABASE_UNAVAILABLE" | "SHUTTING_DOWN" | "INTERNAL";
            errors: {
                field?: string;
                message?: string;
            }[];
            /** @description present on 500 answers */
            requestId?: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description What is left of the bearer token's budget (IETF draft "RateLimit header fields for HTTP"): `"default";r=<requests left>;t=<seconds until the whole budget is back>` */
        RateLimit: string;
        /** @description The bearer token's limit: `"default";q=<requests>;w=60`, per 60-second window, shared by every process and instance of the service */
        "RateLimit-Policy": string;
        /** @description Seconds until a request is admitted again */
        "Retry-After": number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    createToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username: string;
                    password: string;
                    /** @description Only for an account with a second factor: a current six-digit code from the authenticator app, or one of the recovery codes (each works once) */
                    code?: string;
                    /** @description Only for an account with a passkey, instead of `code`: its assertion for a challenge from POST /tokens/passkey-challenge */
                    passkey?: components["schemas"]["PasskeyAssertion"];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenResponse"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Wrong username or password, or a disabled user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PASSWORD_CHANGE_REQUIRED: the password was set by an administrator; change it first (POST /password) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many failed sign-ins; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    startPasskeySignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasskeyRequestOptions"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Wrong username or password, or a disabled user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description This account has no passkey */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many failed sign-ins; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username: string;
                    /** Format: password */
                    currentPassword: string;
                    /** Format: password */
                    newPassword: string;
                    /** @description Only for an account with a second factor: a current six-digit code from the authenticator app, or one of the recovery codes (each works once) */
                    code?: string;
                    /** @description Only for an account with a passkey, instead of `code`: its assertion for a challenge from POST /tokens/passkey-challenge */
                    passkey?: components["schemas"]["PasskeyAssertion"];
                };
            };
        };
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Wrong username or password, or a disabled user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The new password equals the username or the current one, or the password was changed meanwhile */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many failed sign-ins; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionResponse"][];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No user of your own: the anonymous caller while SECURITY_DISABLED is set */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    revokeOtherSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EndedSessionsResponse"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No user of your own: the anonymous caller while SECURITY_DISABLED is set */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    revokeSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description a session's public handle, as listed (never the secret its cookie carries) */
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSecondFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SecondFactorResponse"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No user of your own: the anonymous caller while SECURITY_DISABLED is set */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    startTotpEnrolment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TotpEnrolmentResponse"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONSOLE_SESSION_REQUIRED: always over REST, whose bearer token (an API token or an access token) is not a console session; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A second factor is already enrolled (remove it first), or you sign in through the identity provider */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    confirmTotpEnrolment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the current six-digit code the app shows for the new secret */
                    code: string;
                    proof?: components["schemas"]["SecondFactorProof"];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecoveryCodesResponse"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONSOLE_SESSION_REQUIRED: always over REST, whose bearer token (an API token or an access token) is not a console session; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No enrolment was started, it was restarted meanwhile, a second factor is already enrolled, or you sign in through the identity provider */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    removeSecondFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description a current code from the app, or an unused recovery code */
                    code: string;
                };
            };
        };
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description You have no second factor */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listPasskeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasskeyResponse"][];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No user of your own: the anonymous caller while SECURITY_DISABLED is set */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    registerPasskey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description how you tell it apart, such as "Work laptop" */
                    name: string;
                    response: components["schemas"]["PasskeyRegistrationResponse"];
                    proof?: components["schemas"]["SecondFactorProof"];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegisteredPasskeyResponse"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONSOLE_SESSION_REQUIRED: always over REST, whose bearer token (an API token or an access token) is not a console session; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description This passkey is already registered, or you sign in through the identity provider, whose second factor is yours */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    startPasskeyRegistration: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasskeyCreationOptions"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONSOLE_SESSION_REQUIRED: always over REST, whose bearer token (an API token or an access token) is not a console session; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description You sign in through the identity provider, whose second factor is yours */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    startPasskeyProof: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasskeyRequestOptions"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description You have no passkey */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    removePasskey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description a current code from your authenticator app, or an unused recovery code */
                    code?: string;
                    /** @description an assertion of one of your passkeys, for a challenge from POST /account/passkeys/challenge */
                    passkey?: components["schemas"]["PasskeyAssertion"];
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    regenerateRecoveryCodes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description a current code from your authenticator app, or an unused recovery code */
                    code?: string;
                    /** @description an assertion of one of your passkeys, for a challenge from POST /account/passkeys/challenge */
                    passkey?: components["schemas"]["PasskeyAssertion"];
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecoveryCodesResponse"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONSOLE_SESSION_REQUIRED: always over REST, whose bearer token (an API token or an access token) is not a console session; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description You have no second factor */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listPermissions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionResponse"][];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listGroups: {
        parameters: {
            query?: {
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupResponse"][];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createGroup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                    name: string;
                    /** @default [] */
                    permissionCodes?: ("ACCESS_BPM_ADMIN" | "ACCESS_BPM_MODELER" | "ACCESS_ENGINE_API" | "ACCESS_PROCESS_PORTAL")[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupResponse"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Duplicate username, service account name or group code, deleting yourself, LAST_ADMIN, or a password for a person of the identity provider */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    name?: string;
                    permissionCodes?: ("ACCESS_BPM_ADMIN" | "ACCESS_BPM_MODELER" | "ACCESS_ENGINE_API" | "ACCESS_PROCESS_PORTAL")[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupResponse"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Duplicate username, service account name or group code, deleting yourself, LAST_ADMIN, or a password for a person of the identity provider */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Duplicate username, service account name or group code, deleting yourself, LAST_ADMIN, or a password for a person of the identity provider */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getGroupUsers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserResponse"][];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateGroupUsers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description user ids */
                    userIds: number[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserResponse"][];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Duplicate username, service account name or group code, deleting yourself, LAST_ADMIN, or a password for a person of the identity provider */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listUsers: {
        parameters: {
            query?: {
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserResponse"][];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username: string;
                    /** Format: password */
                    password: string;
                    /** @default true */
                    enabled?: boolean;
                    /**
                     * @description group ids
                     * @default []
                     */
                    groupIds?: number[];
                    /** @default [] */
                    permissionCodes?: ("ACCESS_BPM_ADMIN" | "ACCESS_BPM_MODELER" | "ACCESS_ENGINE_API" | "ACCESS_PROCESS_PORTAL")[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserResponse"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Duplicate username, service account name or group code, deleting yourself, LAST_ADMIN, or a password for a person of the identity provider */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserDetailResponse"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    enabled?: boolean;
                    /** @description group ids */
                    groupIds?: number[];
                    permissionCodes?: ("ACCESS_BPM_ADMIN" | "ACCESS_BPM_MODELER" | "ACCESS_ENGINE_API" | "ACCESS_PROCESS_PORTAL")[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserResponse"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Duplicate username, service account name or group code, deleting yourself, LAST_ADMIN, or a password for a person of the identity provider */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Duplicate username, service account name or group code, deleting yourself, LAST_ADMIN, or a password for a person of the identity provider */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    unlockUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Duplicate username, service account name or group code, deleting yourself, LAST_ADMIN, or a password for a person of the identity provider */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    resetSecondFactor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Duplicate username, service account name or group code, deleting yourself, LAST_ADMIN, or a password for a person of the identity provider */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    resetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: password
                     * @description the new password; omit it when `generate` is true
                     */
                    password?: string;
                    /** @description true: the service generates a strong password and answers it, once (200) */
                    generate?: boolean;
                    /**
                     * @description true: the user must change the password before doing anything else
                     * @default false
                     */
                    requireChange?: boolean;
                } | {
                    /** @constant */
                    generate?: false;
                } | {
                    /** @constant */
                    generate: true;
                    password?: never;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeneratedPasswordResponse"];
                };
            };
            /** @description No Content */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Duplicate username, service account name or group code, deleting yourself, LAST_ADMIN, or a password for a person of the identity provider */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listApiTokens: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiTokenResponse"][];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createApiToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description expiry as a local date-time; 90 days from now when omitted; null for a token that never expires */
                    expiresAt?: string | null;
                    /**
                     * @description What the token may do, never more than its user may. READ_ONLY: Queries only, of whatever the user may read; INCIDENTS: Incident operations: reads, lifecycle transitions, retry and bulk actions; WORKER: The engine and worker protocol: incident reports, worker requests, process instances; METRICS: Only GET /api/metrics; FULL: Everything the user may do.
                     * @default FULL
                     * @enum {string}
                     */
                    scope?: "READ_ONLY" | "INCIDENTS" | "WORKER" | "METRICS" | "FULL";
                    /**
                     * @description requests per minute the token may make on the REST API (the engine-rest paths included); null: its service account's limit, else the service's default (API_RATE_LIMIT_PER_MINUTE)
                     * @default null
                     */
                    rateLimitPerMinute?: number | null;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedApiTokenResponse"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Duplicate username, service account name or group code, deleting yourself, LAST_ADMIN, or a password for a person of the identity provider */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    revokeApiToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tokenId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Duplicate username, service account name or group code, deleting yourself, LAST_ADMIN, or a password for a person of the identity provider */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listServiceAccounts: {
        parameters: {
            query?: {
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceAccountResponse"][];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createServiceAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description unique among users and service accounts (case-insensitive); the actor name in the audit log */
                    name: string;
                    /** @description what the service account is for (which engine or worker holds its tokens) */
                    description?: string;
                    /** @default true */
                    enabled?: boolean;
                    /**
                     * @description group ids
                     * @default []
                     */
                    groupIds?: number[];
                    /** @default [] */
                    permissionCodes?: ("ACCESS_BPM_ADMIN" | "ACCESS_BPM_MODELER" | "ACCESS_ENGINE_API" | "ACCESS_PROCESS_PORTAL")[];
                    /**
                     * @description requests per minute each of its API tokens may make on the REST API, unless the token sets its own; null: the service's default (API_RATE_LIMIT_PER_MINUTE)
                     * @default null
                     */
                    rateLimitPerMinute?: number | null;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceAccountResponse"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Duplicate username, service account name or group code, deleting yourself, LAST_ADMIN, or a password for a person of the identity provider */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getServiceAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceAccountResponse"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateServiceAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    description?: string | null;
                    /** @description false: its tokens stop working at once and stay dead if it is enabled again */
                    enabled?: boolean;
                    /** @description group ids */
                    groupIds?: number[];
                    permissionCodes?: ("ACCESS_BPM_ADMIN" | "ACCESS_BPM_MODELER" | "ACCESS_ENGINE_API" | "ACCESS_PROCESS_PORTAL")[];
                    /** @description requests per minute each of its API tokens may make on the REST API, unless the token sets its own; null: the service's default (API_RATE_LIMIT_PER_MINUTE) */
                    rateLimitPerMinute?: number | null;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceAccountResponse"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Duplicate username, service account name or group code, deleting yourself, LAST_ADMIN, or a password for a person of the identity provider */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteServiceAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Duplicate username, service account name or group code, deleting yourself, LAST_ADMIN, or a password for a person of the identity provider */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listServiceAccountTokens: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceAccountTokenResponse"][];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createServiceAccountToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description expiry as a local date-time; 90 days from now when omitted; null for a token that never expires */
                    expiresAt?: string | null;
                    /**
                     * @description What the token may do, never more than its user may. READ_ONLY: Queries only, of whatever the user may read; INCIDENTS: Incident operations: reads, lifecycle transitions, retry and bulk actions; WORKER: The engine and worker protocol: incident reports, worker requests, process instances; METRICS: Only GET /api/metrics; FULL: Everything the user may do.
                     * @default FULL
                     * @enum {string}
                     */
                    scope?: "READ_ONLY" | "INCIDENTS" | "WORKER" | "METRICS" | "FULL";
                    /**
                     * @description requests per minute the token may make on the REST API (the engine-rest paths included); null: its service account's limit, else the service's default (API_RATE_LIMIT_PER_MINUTE)
                     * @default null
                     */
                    rateLimitPerMinute?: number | null;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedServiceAccountTokenResponse"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Duplicate username, service account name or group code, deleting yourself, LAST_ADMIN, or a password for a person of the identity provider */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listUserSessions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionResponse"][];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    revokeUserSessions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EndedSessionsResponse"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    revokeUserSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                /** @description a session's public handle, as listed (never the secret its cookie carries) */
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listAuditEvents: {
        parameters: {
            query?: {
                page?: number;
                size?: number;
                actor?: string;
                action?: string;
                from?: string;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditEventPage"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    exportAuditEvents: {
        parameters: {
            query?: {
                actor?: string;
                action?: string;
                from?: string;
                to?: string;
                format?: "csv" | "ndjson";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file (Content-Disposition: attachment), written while it is read. A failure after it started cuts the connection: a transfer that does not end cleanly is incomplete. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                    "application/x-ndjson": string;
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getIncidentSummary: {
        parameters: {
            query?: {
                owner?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IncidentSummary"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    exportIncidents: {
        parameters: {
            query?: {
                /** @description one of OPEN, ACKNOWLEDGED, RESOLVED; several, separated by commas (or the parameter repeated), match any of them */
                status?: ("OPEN" | "ACKNOWLEDGED" | "RESOLVED")[];
                /** @description one of PROCESS_ENGINE, WORKER, CODE_TASK, AI_TASK, MESSAGE; several, separated by commas (or the parameter repeated), match any of them */
                source?: ("PROCESS_ENGINE" | "WORKER" | "CODE_TASK" | "AI_TASK" | "MESSAGE")[];
                /** @description one of LOW, MEDIUM, HIGH, CRITICAL; several, separated by commas (or the parameter repeated), match any of them */
                severity?: ("LOW" | "MEDIUM" | "HIGH" | "CRITICAL")[];
                processInstanceId?: number;
                /** @description the node id, exactly; several, separated by commas (or the parameter repeated), match any of them */
                nodeId?: string[];
                /** @description the assignee's username, exactly (the console passes its own for "assigned to me"); several, separated by commas (or the parameter repeated), match any of them */
                assignee?: string[];
                createdFrom?: string;
                createdTo?: string;
                q?: string;
                group?: string;
                owner?: string;
                format?: "csv";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file (Content-Disposition: attachment), written while it is read. A failure after it started cuts the connection: a transfer that does not end cleanly is incomplete. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getIncidentStats: {
        parameters: {
            query?: {
                days?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IncidentStats"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listIncidentGroups: {
        parameters: {
            query?: {
                /** @description one of OPEN, ACKNOWLEDGED, RESOLVED; several, separated by commas (or the parameter repeated), match any of them */
                status?: ("OPEN" | "ACKNOWLEDGED" | "RESOLVED")[];
                /** @description one of PROCESS_ENGINE, WORKER, CODE_TASK, AI_TASK, MESSAGE; several, separated by commas (or the parameter repeated), match any of them */
                source?: ("PROCESS_ENGINE" | "WORKER" | "CODE_TASK" | "AI_TASK" | "MESSAGE")[];
                /** @description one of LOW, MEDIUM, HIGH, CRITICAL; several, separated by commas (or the parameter repeated), match any of them */
                severity?: ("LOW" | "MEDIUM" | "HIGH" | "CRITICAL")[];
                processInstanceId?: number;
                /** @description the node id, exactly; several, separated by commas (or the parameter repeated), match any of them */
                nodeId?: string[];
                /** @description the assignee's username, exactly (the console passes its own for "assigned to me"); several, separated by commas (or the parameter repeated), match any of them */
                assignee?: string[];
                createdFrom?: string;
                createdTo?: string;
                q?: string;
                group?: string;
                owner?: string;
                page?: number;
                size?: number;
                sort?: "lastSeen" | "count";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IncidentGroupPage"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listIncidents: {
        parameters: {
            query?: {
                page?: number;
                size?: number;
                /** @description one of OPEN, ACKNOWLEDGED, RESOLVED; several, separated by commas (or the parameter repeated), match any of them */
                status?: ("OPEN" | "ACKNOWLEDGED" | "RESOLVED")[];
                /** @description one of PROCESS_ENGINE, WORKER, CODE_TASK, AI_TASK, MESSAGE; several, separated by commas (or the parameter repeated), match any of them */
                source?: ("PROCESS_ENGINE" | "WORKER" | "CODE_TASK" | "AI_TASK" | "MESSAGE")[];
                /** @description one of LOW, MEDIUM, HIGH, CRITICAL; several, separated by commas (or the parameter repeated), match any of them */
                severity?: ("LOW" | "MEDIUM" | "HIGH" | "CRITICAL")[];
                processInstanceId?: number;
                /** @description the node id, exactly; several, separated by commas (or the parameter repeated), match any of them */
                nodeId?: string[];
                /** @description the assignee's username, exactly (the console passes its own for "assigned to me"); several, separated by commas (or the parameter repeated), match any of them */
                assignee?: string[];
                createdFrom?: string;
                createdTo?: string;
                q?: string;
                group?: string;
                owner?: string;
                /** @description field or field,asc|desc (asc when left out), the parameter repeated for more keys. Default createdAt,desc; ties break by id */
                sort?: ("id" | "id,asc" | "id,desc" | "createdAt" | "createdAt,asc" | "createdAt,desc" | "updatedAt" | "updatedAt,asc" | "updatedAt,desc" | "lastOccurredAt" | "lastOccurredAt,asc" | "lastOccurredAt,desc" | "severity" | "severity,asc" | "severity,desc" | "status" | "status,asc" | "status,desc" | "source" | "source,asc" | "source,desc" | "occurrenceCount" | "occurrenceCount,asc" | "occurrenceCount,desc" | "processInstanceId" | "processInstanceId,asc" | "processInstanceId,desc")[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IncidentPage"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    reportIncident: {
        parameters: {
            query?: never;
            header?: {
                /** @description Sent again with the same key (by the same user, to the same operation), the request is answered with its first answer and not done again, for 24 hours; a repeat that arrives while the first is under way waits for it. The same key with another request is 422 IDEMPOTENCY_KEY_REUSED. 1 to 255 visible ASCII characters, bare or as a structured-field string ("..."). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: int64 */
                    processInstanceId: number;
                    nodeId: string;
                    /** @enum {string} */
                    source: "PROCESS_ENGINE" | "WORKER" | "CODE_TASK" | "AI_TASK" | "MESSAGE";
                    /** @enum {string} */
                    severity: "LOW" | "MEDIUM" | "HIGH" | "CRITICAL";
                    message: string;
                    technicalDetails?: string;
                    externalReferenceId: string;
                    /** @description the process definition's key, as the engine names it */
                    processDefinition?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Incident"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was sent before with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listProcessInstanceIncidents: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                processInstanceId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Incident"][];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    reportIncidents: {
        parameters: {
            query?: never;
            header?: {
                /** @description Sent again with the same key (by the same user, to the same operation), the request is answered with its first answer and not done again, for 24 hours; a repeat that arrives while the first is under way waits for it. The same key with another request is 422 IDEMPOTENCY_KEY_REUSED. 1 to 255 visible ASCII characters, bare or as a structured-field string ("..."). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 1 to 500 reports, each as POST /incidents takes one; each is checked and written on its own terms */
                    reports: {
                        /** Format: int64 */
                        processInstanceId: number;
                        nodeId: string;
                        /** @enum {string} */
                        source: "PROCESS_ENGINE" | "WORKER" | "CODE_TASK" | "AI_TASK" | "MESSAGE";
                        /** @enum {string} */
                        severity: "LOW" | "MEDIUM" | "HIGH" | "CRITICAL";
                        message: string;
                        technicalDetails?: string;
                        externalReferenceId: string;
                        /** @description the process definition's key, as the engine names it */
                        processDefinition?: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReportBatchResult"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was sent before with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    acknowledgeIncidents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description defaults to the caller */
                    acknowledgedBy?: string;
                    ids: number[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkResult"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    resolveIncidents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description defaults to the caller */
                    resolvedBy?: string;
                    resolutionNote?: string;
                    /** @enum {string} */
                    resolutionAction?: "RETRIED_SUCCESSFULLY" | "FIXED_MANUALLY" | "WORKAROUND_APPLIED" | "NOT_AN_ISSUE" | "DUPLICATE" | "OTHER";
                    ids: number[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkResult"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    retryIncidents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description defaults to the caller */
                    requestedBy?: string;
                    /** @description a JSON merge patch (RFC 7396) of the worker request's payload: a member replaces, null removes, an object merges; the republished request carries the result, at most 64 KiB; keys __proto__, constructor, prototype are refused here and at any depth (400) */
                    payloadPatch?: {
                        [key: string]: unknown;
                    };
                    ids: number[];
                    /** @description only with payloadPatch, and keyed by incidents of ids: the payloadVersion each incident's patch was written against; an incident whose payload changed since is SKIPPED (CONFLICT), one not named is patched as its payload is */
                    payloadVersions?: {
                        [key: string]: number;
                    };
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkResult"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    acknowledgeMatchingIncidents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description defaults to the caller */
                    acknowledgedBy?: string;
                    /** @description the list's filters (the same names and values as GET /incidents' query), `{}` for all */
                    filter: {
                        /** @description one of OPEN, ACKNOWLEDGED, RESOLVED; several, separated by commas (or the parameter repeated), match any of them */
                        status?: ("OPEN" | "ACKNOWLEDGED" | "RESOLVED")[];
                        /** @description one of PROCESS_ENGINE, WORKER, CODE_TASK, AI_TASK, MESSAGE; several, separated by commas (or the parameter repeated), match any of them */
                        source?: ("PROCESS_ENGINE" | "WORKER" | "CODE_TASK" | "AI_TASK" | "MESSAGE")[];
                        /** @description one of LOW, MEDIUM, HIGH, CRITICAL; several, separated by commas (or the parameter repeated), match any of them */
                        severity?: ("LOW" | "MEDIUM" | "HIGH" | "CRITICAL")[];
                        /** Format: int64 */
                        processInstanceId?: number;
                        /** @description the node id, exactly; several, separated by commas (or the parameter repeated), match any of them */
                        nodeId?: string[];
                        /** @description the assignee's username, exactly (the console passes its own for "assigned to me"); several, separated by commas (or the parameter repeated), match any of them */
                        assignee?: string[];
                        /**
                         * @description incidents created at or after this local date or time
                         * @example 2026-11-21
                         */
                        createdFrom?: string;
                        /**
                         * @description incidents created at or before this local date or time (inclusive)
                         * @example 2026-11-21
                         */
                        createdTo?: string;
                        /** @description substring of message, externalReferenceId or nodeId, case-insensitive */
                        q?: string;
                        /**
                         * @description only the incidents of one group of GET /incidents/groups: its `key`
                         * @example WORKER:42:Task_SendInvoice
                         */
                        group?: string;
                        /** @description the owning team's code; `mine`: owned by a team the caller is a member of; `none`: owned by nobody */
                        owner?: string;
                    };
                    /**
                     * Format: int64
                     * @description handles only incidents with a greater id: the previous answer's nextAfterId, to go on
                     * @default 0
                     */
                    afterId?: number;
                    /**
                     * @description incidents handled in this call, in id order (default 250, at most 1000)
                     * @default 250
                     */
                    limit?: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkMatchingResult"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    resolveMatchingIncidents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description defaults to the caller */
                    resolvedBy?: string;
                    resolutionNote?: string;
                    /** @enum {string} */
                    resolutionAction?: "RETRIED_SUCCESSFULLY" | "FIXED_MANUALLY" | "WORKAROUND_APPLIED" | "NOT_AN_ISSUE" | "DUPLICATE" | "OTHER";
                    /** @description the list's filters (the same names and values as GET /incidents' query), `{}` for all */
                    filter: {
                        /** @description one of OPEN, ACKNOWLEDGED, RESOLVED; several, separated by commas (or the parameter repeated), match any of them */
                        status?: ("OPEN" | "ACKNOWLEDGED" | "RESOLVED")[];
                        /** @description one of PROCESS_ENGINE, WORKER, CODE_TASK, AI_TASK, MESSAGE; several, separated by commas (or the parameter repeated), match any of them */
                        source?: ("PROCESS_ENGINE" | "WORKER" | "CODE_TASK" | "AI_TASK" | "MESSAGE")[];
                        /** @description one of LOW, MEDIUM, HIGH, CRITICAL; several, separated by commas (or the parameter repeated), match any of them */
                        severity?: ("LOW" | "MEDIUM" | "HIGH" | "CRITICAL")[];
                        /** Format: int64 */
                        processInstanceId?: number;
                        /** @description the node id, exactly; several, separated by commas (or the parameter repeated), match any of them */
                        nodeId?: string[];
                        /** @description the assignee's username, exactly (the console passes its own for "assigned to me"); several, separated by commas (or the parameter repeated), match any of them */
                        assignee?: string[];
                        /**
                         * @description incidents created at or after this local date or time
                         * @example 2026-11-21
                         */
                        createdFrom?: string;
                        /**
                         * @description incidents created at or before this local date or time (inclusive)
                         * @example 2026-11-21
                         */
                        createdTo?: string;
                        /** @description substring of message, externalReferenceId or nodeId, case-insensitive */
                        q?: string;
                        /**
                         * @description only the incidents of one group of GET /incidents/groups: its `key`
                         * @example WORKER:42:Task_SendInvoice
                         */
                        group?: string;
                        /** @description the owning team's code; `mine`: owned by a team the caller is a member of; `none`: owned by nobody */
                        owner?: string;
                    };
                    /**
                     * Format: int64
                     * @description handles only incidents with a greater id: the previous answer's nextAfterId, to go on
                     * @default 0
                     */
                    afterId?: number;
                    /**
                     * @description incidents handled in this call, in id order (default 250, at most 1000)
                     * @default 250
                     */
                    limit?: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkMatchingResult"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    retryMatchingIncidents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description defaults to the caller */
                    requestedBy?: string;
                    /** @description a JSON merge patch (RFC 7396) of the worker request's payload: a member replaces, null removes, an object merges; the republished request carries the result, at most 64 KiB; keys __proto__, constructor, prototype are refused here and at any depth (400) */
                    payloadPatch?: {
                        [key: string]: unknown;
                    };
                    /** @description the list's filters (the same names and values as GET /incidents' query), `{}` for all */
                    filter: {
                        /** @description one of OPEN, ACKNOWLEDGED, RESOLVED; several, separated by commas (or the parameter repeated), match any of them */
                        status?: ("OPEN" | "ACKNOWLEDGED" | "RESOLVED")[];
                        /** @description one of PROCESS_ENGINE, WORKER, CODE_TASK, AI_TASK, MESSAGE; several, separated by commas (or the parameter repeated), match any of them */
                        source?: ("PROCESS_ENGINE" | "WORKER" | "CODE_TASK" | "AI_TASK" | "MESSAGE")[];
                        /** @description one of LOW, MEDIUM, HIGH, CRITICAL; several, separated by commas (or the parameter repeated), match any of them */
                        severity?: ("LOW" | "MEDIUM" | "HIGH" | "CRITICAL")[];
                        /** Format: int64 */
                        processInstanceId?: number;
                        /** @description the node id, exactly; several, separated by commas (or the parameter repeated), match any of them */
                        nodeId?: string[];
                        /** @description the assignee's username, exactly (the console passes its own for "assigned to me"); several, separated by commas (or the parameter repeated), match any of them */
                        assignee?: string[];
                        /**
                         * @description incidents created at or after this local date or time
                         * @example 2026-11-21
                         */
                        createdFrom?: string;
                        /**
                         * @description incidents created at or before this local date or time (inclusive)
                         * @example 2026-11-21
                         */
                        createdTo?: string;
                        /** @description substring of message, externalReferenceId or nodeId, case-insensitive */
                        q?: string;
                        /**
                         * @description only the incidents of one group of GET /incidents/groups: its `key`
                         * @example WORKER:42:Task_SendInvoice
                         */
                        group?: string;
                        /** @description the owning team's code; `mine`: owned by a team the caller is a member of; `none`: owned by nobody */
                        owner?: string;
                    };
                    /**
                     * Format: int64
                     * @description handles only incidents with a greater id: the previous answer's nextAfterId, to go on
                     * @default 0
                     */
                    afterId?: number;
                    /**
                     * @description incidents handled in this call, in id order (default 250, at most 1000)
                     * @default 250
                     */
                    limit?: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkMatchingResult"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getIncident: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Incident"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listIncidentEvents: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IncidentTimelineEntry"][];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    acknowledgeIncident: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description defaults to the caller */
                    acknowledgedBy?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Incident"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INVALID_STATE: the incident is not in a state this allows */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    unacknowledgeIncident: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Incident"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INVALID_STATE: the incident is not in a state this allows */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    snoozeIncident: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description when the snooze ends by itself: in the future, at most 30 days ahead
                     * @example 2026-11-21T09:30:00
                     */
                    until?: string;
                    /** @description the snooze ends when the incident has occurred this many more times */
                    occurrences?: number;
                } | unknown | unknown;
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Incident"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INVALID_STATE: the incident is not in a state this allows */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    wakeIncident: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Incident"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INVALID_STATE: the incident is not snoozed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    resolveIncident: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description defaults to the caller */
                    resolvedBy?: string;
                    resolutionNote?: string;
                    /** @enum {string} */
                    resolutionAction?: "RETRIED_SUCCESSFULLY" | "FIXED_MANUALLY" | "WORKAROUND_APPLIED" | "NOT_AN_ISSUE" | "DUPLICATE" | "OTHER";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Incident"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INVALID_STATE: the incident is not in a state this allows */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    reopenIncident: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Incident"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INVALID_STATE: the incident is not in a state this allows */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    addIncidentNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    text: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Incident"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    assignIncident: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description an existing user; null unassigns the incident */
                    username: string | null;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Incident"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getIncidentRetryPayload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RetryPayload"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    retryIncident: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description defaults to the caller */
                    requestedBy?: string;
                    /** @description a JSON merge patch (RFC 7396) of the worker request's payload: a member replaces, null removes, an object merges; the republished request carries the result, at most 64 KiB; keys __proto__, constructor, prototype are refused here and at any depth (400) */
                    payloadPatch?: {
                        [key: string]: unknown;
                    };
                    /**
                     * Format: int64
                     * @description the payloadVersion the patch was written against (GET /incidents/{id}/payload): required with payloadPatch, a 409 if the payload changed since
                     */
                    payloadVersion?: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Incident"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: the payload changed since the payloadVersion a payloadPatch was written against */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listSavedViews: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedView"][];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createSavedView: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description unique among its owner’s views, whatever the case */
                    name: string;
                    /**
                     * @description the board’s query string, as in /incidents?status=OPEN&severity=CRITICAL (no page)
                     * @example status=OPEN,ACKNOWLEDGED&severity=CRITICAL&q=payment
                     */
                    search: string;
                    /** @description assigned to whoever opens the view (the board adds assignee=<their username>) */
                    mine?: boolean;
                    /** @description listed for everyone who can see the board, not only its owner */
                    shared?: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedView"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description You have a view with this name already */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateSavedView: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description unique among its owner’s views, whatever the case */
                    name?: string;
                    /**
                     * @description the board’s query string, as in /incidents?status=OPEN&severity=CRITICAL (no page)
                     * @example status=OPEN,ACKNOWLEDGED&severity=CRITICAL&q=payment
                     */
                    search?: string;
                    /** @description assigned to whoever opens the view (the board adds assignee=<their username>) */
                    mine?: boolean;
                    /** @description listed for everyone who can see the board, not only its owner */
                    shared?: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedView"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description You have a view with this name already */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteSavedView: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listSilences: {
        parameters: {
            query?: {
                page?: number;
                size?: number;
                /** @description one of SCHEDULED, ACTIVE, ENDED; several, separated by commas (or the parameter repeated), match any of them */
                state?: ("SCHEDULED" | "ACTIVE" | "ENDED")[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SilencePage"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createSilence: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description what it is for, shown on every incident it silences */
                    name: string;
                    comment?: string;
                    /**
                     * @description the incidents of this source
                     * @enum {string}
                     */
                    source?: "PROCESS_ENGINE" | "WORKER" | "CODE_TASK" | "AI_TASK" | "MESSAGE";
                    /** @description the incidents at this node (exactly) */
                    nodeId?: string;
                    /** @description the incidents of this group: the grouped view's key, <source>:<templateId>:<nodeId> */
                    groupKey?: string;
                    /** @description the incidents of any of these severities; all four narrow nothing, so another matcher must be given too */
                    severities?: ("LOW" | "MEDIUM" | "HIGH" | "CRITICAL")[];
                    /** @description the incidents whose message contains this text, whatever the case */
                    messageText?: string;
                    /**
                     * @description when it begins: now when left out (or in the past); at most 30 days ahead
                     * @example 2026-11-21T09:30:00
                     */
                    startsAt?: string;
                    /**
                     * @description when it ends by itself: after startsAt and in the future, at most 30 days after its start
                     * @example 2026-11-21T09:30:00
                     */
                    endsAt: string;
                } | unknown | unknown | unknown | unknown | {
                    severities: unknown;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Silence"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    previewSilence: {
        parameters: {
            query?: {
                source?: "PROCESS_ENGINE" | "WORKER" | "CODE_TASK" | "AI_TASK" | "MESSAGE";
                nodeId?: string;
                groupKey?: string;
                /** @description one of LOW, MEDIUM, HIGH, CRITICAL; several, separated by commas (or the parameter repeated), match any of them */
                severities?: ("LOW" | "MEDIUM" | "HIGH" | "CRITICAL")[];
                messageText?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SilencePreview"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSilence: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Silence"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    endSilence: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Silence"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INVALID_STATE: the silence has ended already */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listOncallSchedules: {
        parameters: {
            query?: {
                page?: number;
                size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OncallSchedulePage"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createOncallSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description unique, whatever the case
                     * @example Payments primary
                     */
                    name: string;
                    /**
                     * @description An IANA time zone name
                     * @example Europe/Berlin
                     */
                    timeZone: string;
                    /**
                     * @description DAILY or WEEKLY at handOffTime (on handOffWeekday), or RRULE: the hand-offs the recurrence rrule names
                     * @enum {string}
                     */
                    handOff: "DAILY" | "WEEKLY" | "RRULE";
                    /**
                     * @description Local time HH:mm of each hand-off (RRULE: of its start)
                     * @example 09:00
                     */
                    handOffTime: string;
                    /**
                     * @description The weekday of a WEEKLY hand-off
                     * @enum {string}
                     */
                    handOffWeekday?: "MONDAY" | "TUESDAY" | "WEDNESDAY" | "THURSDAY" | "FRIDAY" | "SATURDAY" | "SUNDAY";
                    /**
                     * @description An RFC 5545 RRULE of an RRULE hand-off, FREQ DAILY, WEEKLY, MONTHLY or YEARLY, without COUNT, UNTIL or BYSECOND
                     * @example FREQ=WEEKLY;BYDAY=MO,TH
                     */
                    rrule?: string;
                    /** @description The local date of the first hand-off (WEEKLY: the first on or after it) */
                    startsOn: string;
                    /** @description User ids of people, in the order the rotation hands off to them */
                    members: number[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OncallSchedule"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: another schedule has this name */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getOncallSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OncallSchedule"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateOncallSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description unique, whatever the case
                     * @example Payments primary
                     */
                    name: string;
                    /**
                     * @description An IANA time zone name
                     * @example Europe/Berlin
                     */
                    timeZone: string;
                    /**
                     * @description DAILY or WEEKLY at handOffTime (on handOffWeekday), or RRULE: the hand-offs the recurrence rrule names
                     * @enum {string}
                     */
                    handOff: "DAILY" | "WEEKLY" | "RRULE";
                    /**
                     * @description Local time HH:mm of each hand-off (RRULE: of its start)
                     * @example 09:00
                     */
                    handOffTime: string;
                    /**
                     * @description The weekday of a WEEKLY hand-off
                     * @enum {string}
                     */
                    handOffWeekday?: "MONDAY" | "TUESDAY" | "WEDNESDAY" | "THURSDAY" | "FRIDAY" | "SATURDAY" | "SUNDAY";
                    /**
                     * @description An RFC 5545 RRULE of an RRULE hand-off, FREQ DAILY, WEEKLY, MONTHLY or YEARLY, without COUNT, UNTIL or BYSECOND
                     * @example FREQ=WEEKLY;BYDAY=MO,TH
                     */
                    rrule?: string;
                    /** @description The local date of the first hand-off (WEEKLY: the first on or after it) */
                    startsOn: string;
                    /** @description User ids of people, in the order the rotation hands off to them */
                    members: number[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OncallSchedule"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: another schedule has this name */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteOncallSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getOncallNow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OncallNow"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listOncallShifts: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OncallShiftList"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    exportOncallCalendar: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file (Content-Disposition: attachment), written while it is read. A failure after it started cuts the connection: a transfer that does not end cleanly is incomplete. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "text/calendar": string;
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listOncallOverrides: {
        parameters: {
            query?: {
                from?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OncallOverrideList"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    addOncallOverride: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: int64
                     * @description The person who covers
                     */
                    userId: number;
                    /**
                     * @description yyyy-MM-ddTHH:mm[:ss[.SSS]]: with an offset or Z an instant, without one a local time in the schedule time zone
                     * @example 2026-03-31T18:00
                     */
                    startsAt: string;
                    /**
                     * @description yyyy-MM-ddTHH:mm[:ss[.SSS]]: with an offset or Z an instant, without one a local time in the schedule time zone
                     * @example 2026-03-31T18:00
                     */
                    endsAt: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OncallOverride"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteOncallOverride: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                overrideId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    fetchAndLockWorkerRequests: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    workerId: string;
                    topics: string[];
                    /** @default 1 */
                    maxTasks?: number;
                    /** @default 60000 */
                    lockDurationMs?: number;
                    /**
                     * @description long-poll up to this long when nothing is pending
                     * @default 0
                     */
                    waitMs?: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkerRequest"][];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createWorkerRequest: {
        parameters: {
            query?: never;
            header?: {
                /** @description Sent again with the same key (by the same user, to the same operation), the request is answered with its first answer and not done again, for 24 hours; a repeat that arrives while the first is under way waits for it. The same key with another request is 422 IDEMPOTENCY_KEY_REUSED. 1 to 255 visible ASCII characters, bare or as a structured-field string ("..."). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: int64 */
                    processInstanceId: number;
                    nodeId: string;
                    topic: string;
                    /** @description the process definition's key, as the engine names it */
                    processDefinition?: string;
                    /** @description what the worker is given, as it was sent; keys __proto__, constructor, prototype are refused here and at any depth (400) */
                    payload?: {
                        [key: string]: unknown;
                    };
                    /**
                     * @description failures allowed before the request fails for good
                     * @default 3
                     */
                    retries?: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkerRequest"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was sent before with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWorkerRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkerRequest"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    completeWorkerRequest: {
        parameters: {
            query?: never;
            header?: {
                /** @description Sent again with the same key (by the same user, to the same operation), the request is answered with its first answer and not done again, for 24 hours; a repeat that arrives while the first is under way waits for it. The same key with another request is 422 IDEMPOTENCY_KEY_REUSED. 1 to 255 visible ASCII characters, bare or as a structured-field string ("..."). */
                "Idempotency-Key"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    workerId: string;
                    /** @description the worker's result, kept with the request; keys __proto__, constructor, prototype are refused here and at any depth (400) */
                    result?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkerRequest"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: the request is not locked by this worker */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was sent before with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    failWorkerRequest: {
        parameters: {
            query?: never;
            header?: {
                /** @description Sent again with the same key (by the same user, to the same operation), the request is answered with its first answer and not done again, for 24 hours; a repeat that arrives while the first is under way waits for it. The same key with another request is 422 IDEMPOTENCY_KEY_REUSED. 1 to 255 visible ASCII characters, bare or as a structured-field string ("..."). */
                "Idempotency-Key"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    workerId: string;
                    errorMessage: string;
                    errorDetails?: string;
                    /** @description failures still allowed; > 0 puts the request back to PENDING. Default: one fewer */
                    retries?: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkerRequest"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: the request is not locked by this worker */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was sent before with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getProcessInstance: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProcessInstance"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookResponse"][];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /**
                     * @description webhook (a signed POST to url) or email (to recipients, through the SMTP_* server)
                     * @enum {string}
                     */
                    channel?: "webhook" | "email";
                    /**
                     * Format: uri
                     * @description required for a webhook
                     * @example https://hooks.example.com/bpm
                     */
                    url?: string;
                    /** @description required for an email subscription */
                    recipients?: string[];
                    /** @description incident events (incident.*) and security events (security.*: sign-ins, failures, lockouts, second factors, passwords, API tokens, permissions); minSeverity, sources and nodeIds filter incident events only */
                    eventTypes: components["schemas"]["WebhookEventType"][];
                    /** @description only incidents of this severity or above; null, all */
                    minSeverity?: ("LOW" | "MEDIUM" | "HIGH" | "CRITICAL") | null;
                    /** @description only incidents of these sources; empty, all */
                    sources?: ("PROCESS_ENGINE" | "WORKER" | "CODE_TASK" | "AI_TASK" | "MESSAGE")[];
                    /** @description only incidents at these nodes; empty, all */
                    nodeIds?: string[];
                    /**
                     * @description json (Standard Webhooks) or slack (incoming webhook)
                     * @enum {string}
                     */
                    format?: "json" | "slack";
                    /** @description storm grouping: the events the system writes (reports, reopenings, failed retries) of one incident group and type are sent as one message this many seconds after the first, listing their count; 0 (the default), one message per event. At most 3600. */
                    groupWindowSeconds?: number;
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedWebhookResponse"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookResponse"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    name?: string;
                    /**
                     * Format: uri
                     * @description https (http only when WEBHOOK_ALLOW_HTTP); private and loopback addresses are refused
                     * @example https://hooks.example.com/bpm
                     */
                    url?: string;
                    /** @description the addresses an email subscription sends to (channel email only) */
                    recipients?: string[];
                    /** @description incident events (incident.*) and security events (security.*: sign-ins, failures, lockouts, second factors, passwords, API tokens, permissions); minSeverity, sources and nodeIds filter incident events only */
                    eventTypes?: components["schemas"]["WebhookEventType"][];
                    /** @description only incidents of this severity or above; null, all */
                    minSeverity?: ("LOW" | "MEDIUM" | "HIGH" | "CRITICAL") | null;
                    /** @description only incidents of these sources; empty, all */
                    sources?: ("PROCESS_ENGINE" | "WORKER" | "CODE_TASK" | "AI_TASK" | "MESSAGE")[];
                    /** @description only incidents at these nodes; empty, all */
                    nodeIds?: string[];
                    /**
                     * @description json (Standard Webhooks) or slack (incoming webhook)
                     * @enum {string}
                     */
                    format?: "json" | "slack";
                    /** @description storm grouping: the events the system writes (reports, reopenings, failed retries) of one incident group and type are sent as one message this many seconds after the first, listing their count; 0 (the default), one message per event. At most 3600. */
                    groupWindowSeconds?: number;
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookResponse"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    addWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedWebhookSecretResponse"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The subscription has two signing secrets already: remove the old one first */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    removeWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                secretId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The only signing secret of the subscription: add another first */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                page?: number;
                size?: number;
                status?: "PENDING" | "DELIVERING" | "SUCCEEDED" | "FAILED";
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryPage"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    redeliverWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                deliveryId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RedeliveryResponse"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The delivery is being attempted now */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    redeliverFailedWebhookDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date-time
                     * @description every FAILED delivery made at or after this time (ISO 8601 with offset) is sent again
                     * @example 2026-11-23T08:00:00Z
                     */
                    since: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RedeliveryResponse"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    sendWebhookTestEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestEventResponse"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listMyTeams: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Team"][];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listTeams: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Team"][];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createTeam: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * Format: int64
                     * @description an existing group to mark as a team; else code and name
                     */
                    groupId?: number;
                    /** @description the code of a new group, when no groupId */
                    code?: string;
                    name?: string;
                    /** @default  */
                    description?: string;
                    /** @default null */
                    leadUserId?: number | null;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Team"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A group code taken, a group already a team, or a team that ownership rules name */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getTeam: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Team"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateTeam: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    name?: string;
                    description?: string;
                    leadUserId?: number | null;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Team"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A group code taken, a group already a team, or a team that ownership rules name */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteTeam: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A group code taken, a group already a team, or a team that ownership rules name */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getTeamMembers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserResponse"][];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateTeamMembers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description user ids */
                    userIds: number[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserResponse"][];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A group code taken, a group already a team, or a team that ownership rules name */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listOwnershipRules: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OwnershipRules"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    replaceOwnershipRules: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    rules: components["schemas"]["OwnershipRule"][];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReplacedOwnershipRules"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    exportOwnershipRules: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OwnersText"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    importOwnershipRules: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description an OWNERS file (docs/contract.md §13) */
                    text: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReplacedOwnershipRules"];
                };
            };
            /** @description The input is not valid; `errors` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body must be sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    streamIncidentChanges: {
        parameters: {
            query?: {
                /** @description any of these statuses (or an entry that changed it) */
                status?: ("OPEN" | "ACKNOWLEDGED" | "RESOLVED")[];
                /** @description any of these sources */
                source?: ("PROCESS_ENGINE" | "WORKER" | "CODE_TASK" | "AI_TASK" | "MESSAGE")[];
                /** @description any of these severities */
                severity?: ("LOW" | "MEDIUM" | "HIGH" | "CRITICAL")[];
                /** @description one process instance */
                processInstanceId?: number;
                /** @description one incident */
                incidentId?: number;
                /** @description substring of message, externalReferenceId or nodeId */
                q?: string;
                /** @description resume after this event id (the header wins): decimal without leading zeros, as the stream sends it */
                lastEventId?: string;
            };
            header?: {
                /** @description resume after this event id, as an EventSource sends it when it reconnects */
                "Last-Event-ID"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description A filter or Last-Event-ID that is not valid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing the permission ACCESS_BPM_ADMIN, or a token scope that does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Any method but GET */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database cannot be reached, or this instance is shutting down (SHUTTING_DOWN) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Up */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example ok */
                        status?: string;
                        /** @enum {string} */
                        database?: "ok" | "down";
                    };
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Database unreachable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example ok */
                        status?: string;
                        /** @enum {string} */
                        database?: "ok" | "down";
                    };
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description `draining` from the start of a graceful shutdown, until the process ends
                         * @enum {string}
                         */
                        status: "ready" | "draining" | "unavailable";
                        /** @enum {string} */
                        database: "ok" | "down";
                    };
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Draining for a shutdown, or the database is unreachable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description `draining` from the start of a graceful shutdown, until the process ends
                         * @enum {string}
                         */
                        status: "ready" | "draining" | "unavailable";
                        /** @enum {string} */
                        database: "ok" | "down";
                    };
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The metrics */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Neither a METRICS token nor a user holding ACCESS_BPM_ADMIN with a scope that allows reading; PASSWORD_CHANGE_REQUIRED or SECOND_FACTOR_ENROLMENT_REQUIRED while the sign-in is unfinished */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
}
