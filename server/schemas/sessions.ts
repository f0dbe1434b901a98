// Console sessions as the API shows them: by a public handle, never by the secret id their cookie carries.
import { z } from 'zod';
import { idParam } from './common';

/** A session's public handle (server/auth/console-sessions.ts, sessionHandle): 16 lowercase hex digits. */
export const sessionHandleParam = z
  .string()
  .regex(/^[0-9a-f]{16}$/, 'must be a session handle: 16 lowercase hexadecimal digits')
  .meta({ description: "a session's public handle, as listed (never the secret its cookie carries)" });

export const SessionResponse = z
  .object({
    id: sessionHandleParam,
    browser: z.string().meta({ description: 'the browser and system, in words, from its User-Agent' }),
    userAgent: z.string().nullable(),
    address: z.string().nullable().meta({ description: 'the client address it signed in from' }),
    createdAt: z.string().meta({ description: 'when it signed in (a local date-time)' }),
    lastSeenAt: z.string().meta({ description: 'its last request, to the minute (a local date-time)' }),
    current: z.boolean().meta({ description: 'whether it is the session this request came with' }),
  })
  .meta({ id: 'SessionResponse' });

export type SessionView = z.infer<typeof SessionResponse>;

/** One of your own sessions: `/sessions/{sessionId}`. */
export const OwnSessionInput = z.object({ sessionId: sessionHandleParam });

/** One session of a user: `/admin/users/{id}/sessions/{sessionId}`. */
export const UserSessionInput = z.object({ id: idParam, sessionId: sessionHandleParam });

export const EndedSessionsResponse = z
  .object({ ended: z.number().int().meta({ description: 'how many sessions ended' }) })
  .meta({ id: 'EndedSessionsResponse' });
