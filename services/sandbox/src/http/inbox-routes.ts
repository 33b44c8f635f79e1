import { Router } from 'express';
import type { Inbox, InboxMessage } from '../inbox/inbox.js';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(messages: InboxMessage[]): string {
  const rows = messages
    .map(
      (m) =>
        `<tr><td>${escapeHtml(m.created_at)}</td><td>${m.channel}</td><td>${escapeHtml(m.to)}</td><td>${escapeHtml(m.from)}</td>` +
        `<td><b>${escapeHtml(m.code ?? '')}</b></td><td>${escapeHtml(m.text)}</td><td>${escapeHtml(m.status)}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Sandbox inbox</title>
<meta http-equiv="refresh" content="3">
<style>body{font:14px system-ui;margin:2rem}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left}</style>
</head><body><h1>Sandbox inbox</h1><p>${messages.length} message(s), newest first. Refreshes every 3 s.</p>
<table><tr><th>When</th><th>Channel</th><th>To</th><th>From</th><th>Code</th><th>Text</th><th>Status</th></tr>
${rows}</table></body></html>`;
}

/**
 * `?to=+447700123456` typed in a shell or browser arrives with its `+` decoded as a space (form
 * encoding), so a number that starts with a space, or has no `+` at all, is read as E.164.
 */
export function inboxNumber(query: string): string | undefined {
  const digits = query.trim();
  if (digits === '') return undefined;
  return digits.startsWith('+') ? digits : `+${digits}`;
}

export function inboxRoutes(inbox: Inbox): Router {
  const router = Router();
  router.get('/inbox', (req, res) => {
    const to = typeof req.query.to === 'string' ? inboxNumber(req.query.to) : undefined;
    res.json({ messages: inbox.list(to) });
  });
  router.delete('/inbox', (_req, res) => {
    inbox.clear();
    res.status(204).end();
  });
  router.get('/', (_req, res) => {
    res.type('html').send(page(inbox.list()));
  });
  return router;
}
