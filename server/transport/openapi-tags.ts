// The tags of the OpenAPI document (server/transport/openapi.ts).

/**
 * The tags the procedures' meta put on operations, in the order a reference page shows them, each with what
 * it groups. Redocly's operation-tag-defined (redocly.yaml) fails the tests on a tag missing here.
 */
export const TAGS: { name: string; description: string }[] = [
  {
    name: 'Authentication',
    description: 'Bearer tokens for a username and password, and changing your own password.',
  },
  {
    name: 'Users',
    description: 'User accounts: groups, direct permissions, enabling, password resets and sign-in locks.',
  },
  {
    name: 'Service accounts',
    description:
      'Principals for engines and workers: no password and no sign-in; groups, permissions and scoped API tokens of their own.',
  },
  { name: 'Groups', description: 'Groups of users and the permissions their members get.' },
  {
    name: 'Teams',
    description:
      'Groups marked as teams, and the ownership rules that decide which team owns each incident (also as an OWNERS text).',
  },
  { name: 'Permissions', description: 'The catalogue of permission codes.' },
  {
    name: 'API tokens',
    description: 'Long-lived, scoped bearer tokens for external systems, acting as a user.',
  },
  {
    name: 'Second factor',
    description:
      'Your authenticator app (TOTP) and recovery codes: once enrolled, sign-in asks for a code after the password.',
  },
  {
    name: 'Passkeys',
    description:
      'Your passkeys (WebAuthn), each a second factor: registered from the console, signing a single-use challenge at sign-in after the password.',
  },
  {
    name: 'Sessions',
    description:
      'Console sign-ins: your own, or (with ACCESS_BPM_ADMIN) any user’s, listed by public handle and ended at once.',
  },
  { name: 'Audit', description: 'The record of administrative changes.' },
  {
    name: 'Incidents',
    description: 'Operational incidents: reporting, review, lifecycle, retry and bulk actions.',
  },
  {
    name: 'Worker protocol',
    description: 'External-task workers: publishing, fetching and locking, completing and failing requests.',
  },
  {
    name: 'Process instances',
    description: 'The process instances that worker requests and incidents belong to.',
  },
  {
    name: 'Saved views',
    description: "Named filter sets of the incident board: each user's own, and those shared with everyone.",
  },
  {
    name: 'Silences',
    description:
      'Incidents kept quiet by matcher for a time window: shown as silenced, their notifications held and summarised when it ends.',
  },
  {
    name: 'Webhooks',
    description: 'Subscriptions that receive incident events, their signing secrets and delivery log.',
  },
  {
    name: 'On-call',
    description:
      'On-call schedules: rotations of people in a time zone, overrides, who is on call now and next, and the shifts as iCalendar.',
  },
  { name: 'Service', description: 'The state of the service itself.' },
];
