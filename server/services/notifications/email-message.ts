// What an email notification says: the headline, the incident's facts and the link to it
// in the console, as plain text and as HTML (every value escaped).
import type { IncidentEventRow } from '../../../db/schema';
import type { EventPayload } from './payload';

export interface EmailMessage {
  subject: string;
  text: string;
  html: string;
}

const htmlEscape = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** A subject stays one short line whatever the message holds. */
const oneLine = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

export function emailMessage(headline: string, p: EventPayload, event: IncidentEventRow): EmailMessage {
  const i = p.incident;
  const facts: [string, string][] = [
    ['Message', i.message],
    ['Severity', i.severity],
    ['Status', i.status],
    ['Source', i.source],
    ['Node', i.nodeId],
    ['Process instance', String(i.processInstanceId)],
    ['Event', `${p.type} at ${p.time}${p.actor ? ` by ${p.actor}` : ''}`],
  ];
  if (event.message && event.message !== i.message) facts.push(['Note', event.message]);
  if (p.group && p.group.count > 1) {
    const more = p.group.count - p.group.incidentIds.length;
    facts.push([
      'Events in this message',
      `${p.group.count}, until ${p.group.lastTime}: incidents ${p.group.incidentIds.map((id) => `#${id}`).join(', ')}` +
        (more > 0 ? ` and ${more} more` : ''),
    ]);
  }
  return {
    subject: oneLine(`${headline}: ${i.message}`, 200),
    text: `${headline}\n\n${facts.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\nOpen in the console: ${p.link}\n`,
    html:
      `<p><strong><a href="${htmlEscape(p.link)}">${htmlEscape(headline)}</a></strong></p>\n<table>\n` +
      facts
        .map(([k, v]) => `<tr><th align="left">${htmlEscape(k)}</th><td>${htmlEscape(v)}</td></tr>`)
        .join('\n') +
      `\n</table>\n<p><a href="${htmlEscape(p.link)}">${p.group ? 'Open the group' : `Open incident #${i.id}`} in the console</a></p>\n`,
  };
}

/** An email that says one thing and links to the console: a test event's, a silence's summary. */
export function shortEmailMessage(message: string, link: string): EmailMessage {
  return {
    subject: oneLine(message, 200),
    text: `${message}\n\nThe console: ${link}\n`,
    html: `<p>${htmlEscape(message)}</p>\n<p><a href="${htmlEscape(link)}">The console</a></p>\n`,
  };
}
