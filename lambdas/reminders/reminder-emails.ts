import type { ReminderText } from '../../domain/reminders.js';
import type { OutgoingEmail } from '../providers/email.js';
import { emailButton, emailLayout, markup } from '../shared/email-layout.js';

/** To the customer: one reminder (an unpaid charge, documents still owed), in the words of domain/reminders.ts. */
export function reminderEmail(appUrl: string, userName: string | null, text: ReminderText): OutgoingEmail {
  return {
    subject: text.subject,
    html: emailLayout({
      title: text.title,
      audience: 'customer',
      name: userName,
      body: markup`<p>${text.paragraphs[0]}</p>
${text.list.length ? markup`<ul>${text.list.map((item) => markup`<li>${item}</li>`)}</ul>` : null}${text.paragraphs.slice(1).map((paragraph) => markup`<p>${paragraph}</p>`)}
${emailButton(new URL(text.action.path, appUrl).toString(), text.action.label)}`,
      reason: 'Você recebeu este e-mail porque tem um pedido em andamento na nossa plataforma.',
    }),
  };
}
