// One attempt of an email delivery: the message sent through the SMTP server of SMTP_*
// (server/runtime/env.ts) with nodemailer, bounded in time like a webhook attempt. The attempt is described as the
// delivery log describes a webhook's: the SMTP reply code stands for the status, its text for the body.
// A 4xx reply or a broken connection is retried; a 5xx reply is final (RFC 5321 §4.2.1: permanent).
import type { AttemptResult } from './send-webhook';
import type { EmailMessage } from './email-message';

export interface SmtpSettings {
  host?: string;
  port?: number;
  /** TLS from the first byte; otherwise STARTTLS whenever the server offers it. */
  secure: boolean;
  user?: string;
  password?: string;
  from: string;
}

/** What the delivery log keeps of the request: the envelope and headers, no credential. */
export function emailHeaders(
  smtp: SmtpSettings,
  recipients: string[],
  message: EmailMessage,
  messageId: string,
  traceparent?: string | null,
) {
  return {
    from: smtp.from,
    to: recipients.join(', '),
    subject: message.subject,
    'message-id': messageId,
    ...(traceparent && { traceparent }),
  };
}

interface SmtpError extends Error {
  code?: string;
  responseCode?: number;
  response?: string;
}

export async function sendEmail(
  smtp: SmtpSettings,
  recipients: string[],
  message: EmailMessage,
  messageId: string,
  timeoutMs: number,
  /** The W3C trace context of the request that caused the event, sent as a `traceparent` header. */
  traceparent?: string | null,
): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  if (!smtp.host) {
    return {
      status: null,
      headers: null,
      body: null,
      error: 'SMTP_HOST is not set: no email can be sent',
      durationMs: 0,
      retryable: true,
    };
  }
  // Loaded at the first email: nodemailer is 480 kB of source that a process sending none would hold.
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port ?? (smtp.secure ? 465 : 587),
    secure: smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    const sent = transport.sendMail({
      from: smtp.from,
      to: recipients,
      subject: message.subject,
      text: message.text,
      html: message.html,
      messageId,
      ...(traceparent && { headers: { traceparent } }),
    });
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(Object.assign(new Error(`No answer within ${timeoutMs} ms`), { code: 'ETIMEDOUT' })),
        timeoutMs,
      );
    });
    const info = await Promise.race([sent, timeout]);
    const reply = String(info.response ?? '');
    return {
      status: Number(reply.slice(0, 3)) || 250,
      headers: null,
      body: reply.slice(0, 4096),
      error: null,
      durationMs: elapsed(),
      retryable: false,
    };
  } catch (caught) {
    const error = caught as SmtpError;
    const code = error.responseCode;
    return {
      status: code ?? null,
      headers: null,
      body: error.response?.slice(0, 4096) ?? null,
      error: `${error.code ? `${error.code}: ` : ''}${error.message}`,
      durationMs: elapsed(),
      retryable: code === undefined || code < 500,
    };
  } finally {
    clearTimeout(timer);
    transport.close();
  }
}
