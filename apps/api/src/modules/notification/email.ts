import nodemailer from 'nodemailer';
import { PermanentJobFailure } from '../../lib/job-queue';

type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  language: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A notification as an e-mail: the body, a link to the screen that explains it, why it was sent. */
export function notificationEmail(input: {
  to: string;
  language: string;
  title: string;
  body: string;
  link: string;
  open: string;
  footer: string;
  critical: boolean;
}): EmailMessage {
  const text = `${input.body}\n\n${input.open}: ${input.link}\n\n--\n${input.footer}\n`;
  const color = input.critical ? '#cf1322' : '#1677ff';
  const html = `<!doctype html>
<html lang="${escapeHtml(input.language)}"><head><meta charset="utf-8"><title>${escapeHtml(input.title)}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#1f1f1f;margin:0;padding:24px;background:#f5f5f5">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px;border-top:4px solid ${color}">
<h1 style="font-size:18px;margin:0 0 12px">${escapeHtml(input.title)}</h1>
<p style="font-size:15px;line-height:1.5;margin:0 0 20px">${escapeHtml(input.body)}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(input.link)}" style="display:inline-block;background:${color};color:#fff;text-decoration:none;padding:8px 16px;border-radius:6px">${escapeHtml(input.open)}</a></p>
<p style="font-size:12px;color:#8c8c8c;margin:0">${escapeHtml(input.footer)}</p>
</div></body></html>`;
  return { to: input.to, subject: input.title, text, html, language: input.language };
}

type SmtpError = Error & { responseCode?: number; code?: string };

/** E-mail over SMTP (SMTP_URL): one transport per instance. */
export function createEmailChannel(config: { url: string; from: string }) {
  const transport = nodemailer.createTransport(config.url, { from: config.from });
  return {
    /** Sends one message: a 5xx answer (mailbox unknown, refused) fails for good, anything else is retried. */
    async send(message: EmailMessage): Promise<void> {
      if (!message.to) throw new PermanentJobFailure('E-mail: the account has no e-mail address');
      try {
        await transport.sendMail({
          from: config.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          ...(message.attachments ? { attachments: message.attachments } : {}),
          headers: { 'Content-Language': message.language, 'Auto-Submitted': 'auto-generated' },
        });
      } catch (error) {
        const smtp = error as SmtpError;
        if (smtp.responseCode && smtp.responseCode >= 500)
          throw new PermanentJobFailure(`E-mail: the mail server refused it (${smtp.responseCode}): ${smtp.message}`, {
            cause: error,
          });
        throw new Error(`E-mail: the mail server could not be reached or was busy: ${smtp.message}`, { cause: error });
      }
    },
    close: () => transport.close(),
  };
}

export type EmailChannel = ReturnType<typeof createEmailChannel>;
