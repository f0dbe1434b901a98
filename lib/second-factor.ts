/**
 * The error next-auth hands the sign-in page when the password was right and the account has a second
 * factor: the page asks for the code and sends the password again with it (server/auth/next-auth.ts).
 */
export const SECOND_FACTOR_REQUIRED_ERROR = 'SECOND_FACTOR_REQUIRED';
