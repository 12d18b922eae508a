import { formatMoneyIn } from '@sbo/contracts/money-format';
import type { SandboxPayment } from './sandbox-repository';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The amount as every other screen writes it (NT$50.00), in the payer's language. */
function displayAmount(amount: number, currency: string, language: string): string {
  try {
    return formatMoneyIn(amount, currency, language);
  } catch {
    return formatMoneyIn(amount, currency, 'en');
  }
}

/** The sandbox's approve / decline page: plain HTML, no script (the api's CSP allows none inline). */
export function renderSandboxPage(payment: SandboxPayment): string {
  const amount = escapeHtml(displayAmount(payment.amount, payment.currency, payment.lang));
  const open = payment.state === 'pending';
  const choice = open
    ? `<form method="post">
  <button name="outcome" value="approve" class="approve">Approve</button>
  <button name="outcome" value="decline" class="decline">Decline</button>
</form>`
    : `<p>This payment was already ${escapeHtml(payment.state)}.</p>`;
  return `<!doctype html>
<html lang="${escapeHtml(payment.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>SANDBOX payment — no real money</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 2rem auto; padding: 0 1rem; }
.banner { background: #b45309; color: #fff; padding: .75rem 1rem; border-radius: .5rem; font-weight: 700; }
.amount { font-size: 2rem; margin: 1rem 0; }
button { font-size: 1.1rem; padding: .75rem 1.5rem; margin-right: .5rem; border-radius: .5rem; border: 0; }
.approve { background: #15803d; color: #fff; } .decline { background: #e5e7eb; }
</style>
</head>
<body>
<p class="banner">SANDBOX — no real money</p>
<h1>${escapeHtml(payment.description)}</h1>
<p>Order ${escapeHtml(payment.orderId)}</p>
<p class="amount">${amount}</p>
${choice}
</body>
</html>
`;
}
