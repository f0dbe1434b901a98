// The two kinds of principal the console administers, people and service accounts: how each is named in
// the console's words and where its pages are.

/** How one kind of principal is named and reached in the console. */
export interface PrincipalKindLabels {
  /** "Users", "Service accounts". */
  title: string;
  /** "User", "Service account": a sentence's first word. */
  Noun: string;
  /** "user", "service account". */
  noun: string;
  nounPlural: string;
  /** How the console speaks of one: "they", "it". */
  pronoun: string;
  /** Where the list lives; a principal's page is below it. */
  path: string;
}

export const PEOPLE: PrincipalKindLabels = {
  title: 'Users',
  Noun: 'User',
  noun: 'user',
  nounPlural: 'users',
  pronoun: 'they',
  path: '/admin/users',
};

export const SERVICE_ACCOUNTS: PrincipalKindLabels = {
  title: 'Service accounts',
  Noun: 'Service account',
  noun: 'service account',
  nounPlural: 'service accounts',
  pronoun: 'it',
  path: '/admin/service-accounts',
};
